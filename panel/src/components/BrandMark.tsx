import mark from '@kanat360/brand/mark.json';
import { useI18n } from '@/i18n/language';

const { ring, hub } = mark;

/**
 * The product mark (packages/brand/mark.json, the same rotor the site shows) and name; `tagline` adds the panel's
 * subtitle under it.
 */
export function BrandMark({ tagline = false }: { tagline?: boolean }) {
  const { t } = useI18n();
  return (
    <span className="flex items-center gap-3">
      <svg className="size-9 shrink-0 text-brand-700 dark:text-brand-300" viewBox={mark.viewBox} aria-hidden="true">
        <circle
          cx={ring.cx}
          cy={ring.cy}
          r={ring.r}
          fill="none"
          stroke="currentColor"
          strokeWidth={ring.strokeWidth}
          strokeLinecap="round"
          strokeDasharray={ring.dashArray}
          transform={`rotate(${ring.rotate} ${ring.cx} ${ring.cy})`}
          opacity="0.45"
        />
        <g fill="currentColor">
          {mark.bladeAngles.map((angle) => (
            <path key={angle} d={mark.blade} transform={`rotate(${angle} ${hub.cx} ${hub.cy})`} />
          ))}
          <circle cx={hub.cx} cy={hub.cy} r={hub.r} />
        </g>
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">{t('common.brand')}</span>
        {tagline && <span className="text-xs text-slate-600 dark:text-slate-400">{t('panel.header.tagline')}</span>}
      </span>
    </span>
  );
}
