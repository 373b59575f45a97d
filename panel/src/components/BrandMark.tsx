import { useI18n } from '@/i18n/language';

/** The product mark and name; `tagline` adds the panel's subtitle under it. */
export function BrandMark({ tagline = false }: { tagline?: boolean }) {
  const { t } = useI18n();
  return (
    <span className="flex items-center gap-3">
      <svg className="size-9 shrink-0" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700 dark:fill-brand-400" />
        <g className="fill-white dark:fill-slate-950">
          <circle cx="16" cy="14" r="2.2" />
          <path d="M15.2 13.2 14 3.5c-.1-.8 1.3-1 1.6-.2l1.9 9.5z" />
          <path d="M17.4 15.2l8.9 4c.7.3.2 1.7-.6 1.5l-9.3-3.3z" />
          <path d="M14.6 15.6l-7.7 6c-.6.5-1.6-.6-1-1.2l7.2-6.4z" />
          <path d="M15.2 16h1.6l.9 13h-3.4z" />
        </g>
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">{t('common.brand')}</span>
        {tagline && <span className="text-xs text-slate-600 dark:text-slate-400">{t('panel.header.tagline')}</span>}
      </span>
    </span>
  );
}
