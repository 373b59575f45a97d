import {
  type Blade,
  BLADES,
  type BladeScale,
  type Finding,
  FINDING_NAME_KEYS,
  SEVERITY_COLOURS,
} from '@kanat360/contracts';
import { Link } from '@tanstack/react-router';
import { type CSSProperties, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import {
  bladeLanePath,
  bladeMarks,
  bladeOutlinePath,
  markLayer,
  markPosition,
  markRadius,
  type RepairMark,
  repairMark,
  SURFACE_LANE,
  suctionHalfPath,
} from './blade-map';
import { repairHolding } from './plan-repair';
import { LazyPlanRepairDialog } from './LazyPlanRepairDialog';
import { SeverityBadge } from './SeverityBadge';
import { FindingRepairLink } from './FindingRepairLink';

/** The SVG box one blade is drawn in; stretched to the row (the marks are HTML, so they stay round). */
const BOX = { width: 1000, height: 100 } as const;
const OUTLINE = bladeOutlinePath(BOX.width, BOX.height);
const SUCTION_HALF = suctionHalfPath(BOX.width, BOX.height);
const SHEAR_WEB = bladeLanePath(SURFACE_LANE.shear_web, BOX.width, BOX.height);

/**
 * Each mark's halo, and for a finding in a repair a second ring outside it (colours: REPAIR_MARK_RING); a repaired
 * one is faded too, as damage that no longer needs attention. Whole class names, for Tailwind to find them.
 */
const MARK_HALO: Record<RepairMark | 'none', string> = {
  none: 'shadow-[0_0_0_2px_white] dark:shadow-[0_0_0_2px_rgb(15_23_42)]',
  under_repair: 'shadow-[0_0_0_2px_white,0_0_0_5px_#0284c7] dark:shadow-[0_0_0_2px_rgb(15_23_42),0_0_0_5px_#0284c7]',
  repaired:
    'opacity-60 shadow-[0_0_0_2px_white,0_0_0_5px_#059669] dark:shadow-[0_0_0_2px_rgb(15_23_42),0_0_0_5px_#059669]',
};

/** The scale's ticks: the root, each quarter of the length, the tip. */
const TICKS = [0, 0.25, 0.5, 0.75, 1] as const;

function useNumbers() {
  const { locale } = useI18n();
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
}

/** What the tooltip and the mark's label say of a finding. */
function MarkTooltip({
  finding,
  turbineId,
  trackYears,
  along,
  top,
  id,
  onPlanRepair,
}: {
  finding: Finding;
  turbineId: number;
  trackYears: number;
  along: number;
  top: number;
  id: string;
  onPlanRepair: (finding: Finding) => void;
}) {
  const { t } = useI18n();
  const numbers = useNumbers();
  const canPlanRepair = useCan('repair.create');
  const holding = repairHolding(finding);
  // Near either end of the blade the tooltip opens inwards, so it never leaves the map.
  const side = along > 0.65 ? 'right-0' : along < 0.35 ? 'left-0' : 'left-1/2 -translate-x-1/2';
  return (
    <div className={`absolute ${side} w-64 pt-2`} style={{ top }} data-testid="blade-mark-tooltip">
      <div
        id={id}
        role="tooltip"
        className="rounded-lg border border-slate-200 bg-white p-3 text-left text-xs text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <p className="flex items-start justify-between gap-2">
          <span className="text-sm font-semibold">{t(FINDING_NAME_KEYS.type(finding.type))}</span>
          <SeverityBadge severity={finding.severity} compact />
        </p>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {t('panel.turbine.blade', { blade: finding.blade })} · {t(FINDING_NAME_KEYS.surface(finding.surface))} ·{' '}
          {t(finding.internal ? 'findings.internal.true' : 'findings.internal.false')}
        </p>
        <p className="text-slate-600 dark:text-slate-400">
          {t('panel.bladeMap.distance', { distance: numbers.format(finding.distance_from_root_m) })}
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="text-slate-500 dark:text-slate-400">{t('panel.findingTrack.severity')}</dt>
          <dd>{t(FINDING_NAME_KEYS.severity(finding.severity))}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('panel.findingViewer.sizeLabel')}</dt>
          <dd>
            {finding.length_mm === null && finding.width_mm === null
              ? t('panel.bladeMap.sizeUnknown')
              : t('panel.findingViewer.size', {
                  length: finding.length_mm === null ? '—' : numbers.format(finding.length_mm),
                  width: finding.width_mm === null ? '—' : numbers.format(finding.width_mm),
                })}
          </dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('panel.findingViewer.field.status')}</dt>
          <dd>
            {t(FINDING_NAME_KEYS.status(finding.status))}
            {finding.stage === 'draft' && (
              <span className="ml-1.5 rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                {t(FINDING_NAME_KEYS.stage('draft'))}
              </span>
            )}
          </dd>
        </dl>
        <p className="mt-2 text-slate-500 dark:text-slate-400">{t('panel.bladeMap.openPhoto')}</p>
        {trackYears > 1 && (
          <Link
            to="/turbine/$turbineId/findings/$findingId/track"
            params={{ turbineId, findingId: finding.id }}
            className="mt-1 inline-block font-medium text-brand-700 underline hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-100"
            data-testid="blade-mark-track"
          >
            {t('panel.bladeMap.track', { n: trackYears })}
          </Link>
        )}
        {/* Its repair (open, done or verified) links to the repair's page; one that holds it leaves no "plan". */}
        {finding.repair && (
          <FindingRepairLink
            repair={finding.repair}
            turbineId={turbineId}
            className="mt-1 block font-medium text-sky-800 underline hover:text-sky-950 dark:text-sky-300 dark:hover:text-sky-100"
            testId="blade-mark-repair"
          />
        )}
        {!holding && canPlanRepair && (
          <button
            type="button"
            className="btn-secondary mt-2 w-full justify-center py-1 text-xs"
            onClick={() => onPlanRepair(finding)}
            data-testid="blade-mark-plan-repair"
          >
            {t('panel.planRepair.action')}
          </button>
        )}
      </div>
    </div>
  );
}

/** One finding's dot on its blade: a link to its photo, its tooltip on hover or focus. */
function BladeMark({
  finding,
  turbineId,
  scale,
  trackYears,
  active,
  onActive,
  onPlanRepair,
}: {
  finding: Finding;
  turbineId: number;
  scale: BladeScale;
  trackYears: number;
  active: boolean;
  onActive: (id: number | null) => void;
  onPlanRepair: (finding: Finding) => void;
}) {
  const { t } = useI18n();
  const numbers = useNumbers();
  const { along, across } = markPosition(finding, scale);
  const radius = markRadius(finding.severity);
  const colour = SEVERITY_COLOURS[finding.severity];
  const repair = repairMark(finding.status);
  const tooltipId = `blade-mark-tip-${finding.id}`;
  const place: CSSProperties = {
    left: `${along * 100}%`,
    top: `${across * 100}%`,
    zIndex: active ? 40 : markLayer(finding.severity),
  };
  const dot: CSSProperties = {
    width: radius * 2,
    height: radius * 2,
    // Internal damage is hollow: a ring of the severity's colour.
    background: finding.internal ? 'transparent' : colour,
    borderColor: colour,
    borderWidth: finding.internal ? 3 : 2,
  };
  return (
    <div
      className="absolute"
      style={place}
      onMouseEnter={() => onActive(finding.id)}
      onMouseLeave={() => onActive(null)}
      onFocus={() => onActive(finding.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onActive(null);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onActive(null);
      }}
    >
      <Link
        to="/turbine/$turbineId/findings/$findingId"
        params={{ turbineId, findingId: finding.id }}
        className={`absolute block -translate-x-1/2 -translate-y-1/2 rounded-full border-solid transition-transform hover:scale-125 focus-visible:scale-125 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${MARK_HALO[repair ?? 'none']} ${finding.stage === 'draft' ? 'opacity-80 outline-dashed outline-1 outline-offset-4 outline-slate-500' : ''}`}
        style={dot}
        aria-label={t('panel.bladeMap.markLabel', {
          id: finding.id,
          type: t(FINDING_NAME_KEYS.type(finding.type)),
          severity: t(FINDING_NAME_KEYS.severity(finding.severity)),
          blade: finding.blade,
          surface: t(FINDING_NAME_KEYS.surface(finding.surface)),
          distance: numbers.format(finding.distance_from_root_m),
        })}
        aria-describedby={active ? tooltipId : undefined}
        data-testid="blade-mark"
        data-finding-id={finding.id}
        data-severity={finding.severity}
        data-stage={finding.stage}
        data-internal={finding.internal ? 'true' : 'false'}
        data-repair={repair ?? undefined}
      />
      {active && (
        <MarkTooltip
          finding={finding}
          turbineId={turbineId}
          trackYears={trackYears}
          along={along}
          top={radius}
          id={tooltipId}
          onPlanRepair={onPlanRepair}
        />
      )}
    </div>
  );
}

/** One blade root to tip, its findings on it. */
function BladeRow({
  blade,
  findings,
  turbineId,
  scale,
  trackYears,
  active,
  onActive,
  onPlanRepair,
}: {
  blade: Blade;
  findings: readonly Finding[];
  turbineId: number;
  scale: BladeScale;
  trackYears: ReadonlyMap<number, number>;
  active: number | null;
  onActive: (id: number | null) => void;
  onPlanRepair: (finding: Finding) => void;
}) {
  const { t } = useI18n();
  const marks = bladeMarks(findings, blade);
  const headingId = `blade-map-${blade}`;
  return (
    <div role="group" aria-labelledby={headingId} data-testid={`blade-map-blade-${blade}`} data-count={marks.length}>
      <p id={headingId} className="mb-1 flex items-baseline gap-2 text-sm">
        <span className="font-semibold">{t('panel.turbine.blade', { blade })}</span>
        <span className="text-slate-600 dark:text-slate-400" data-testid="blade-map-count">
          {t('panel.bladeMap.count', { n: marks.length })}
        </span>
      </p>
      <div className="relative h-20">
        <svg
          className="absolute inset-0 size-full overflow-visible"
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <path
            d={OUTLINE}
            className="fill-slate-200 stroke-slate-500 dark:fill-slate-700 dark:stroke-slate-400"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
          <path d={SUCTION_HALF} className="fill-slate-100 dark:fill-slate-800" />
          <path
            d={OUTLINE}
            className="fill-none stroke-slate-500 dark:stroke-slate-400"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
          <path
            d={SHEAR_WEB}
            className="fill-none stroke-slate-400 dark:stroke-slate-500"
            strokeWidth={1}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {marks.map((finding) => (
          <BladeMark
            key={finding.id}
            finding={finding}
            turbineId={turbineId}
            scale={scale}
            trackYears={trackYears.get(finding.track_id) ?? 1}
            active={active === finding.id}
            onActive={onActive}
            onPlanRepair={onPlanRepair}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * DESIGN "Findings": the three blades drawn root to tip, every finding of a year a dot placed by its distance from
 * the root (against `scale`, the contracts' rule the inspection report follows too) and across the chord by its surface, coloured and sized by severity, hollow when
 * internal. A dot is a link that opens the photo at the finding; its tooltip tells what it is, and leads to the
 * damage's track when it has more than one year. `trackYears` counts the years of each track the caller may see.
 */
export function BladeMap({
  findings,
  turbineId,
  scale,
  trackYears,
}: {
  findings: readonly Finding[];
  turbineId: number;
  scale: BladeScale;
  trackYears: ReadonlyMap<number, number>;
}) {
  const { t } = useI18n();
  const numbers = useNumbers();
  const [active, setActive] = useState<number | null>(null);
  const [planning, setPlanning] = useState<Finding | null>(null);
  return (
    <div className="flex flex-col gap-4 px-3" data-testid="blade-map">
      {BLADES.map((blade) => (
        <BladeRow
          key={blade}
          blade={blade}
          findings={findings}
          turbineId={turbineId}
          scale={scale}
          trackYears={trackYears}
          active={active}
          onActive={setActive}
          onPlanRepair={setPlanning}
        />
      ))}
      {planning && (
        <LazyPlanRepairDialog turbineId={turbineId} findings={[planning]} onClose={() => setPlanning(null)} />
      )}
      <div className="relative h-8 text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        {TICKS.map((tick) => (
          <span
            key={tick}
            className={`absolute top-0 flex flex-col whitespace-nowrap ${tick === 0 ? 'items-start' : tick === 1 ? '-translate-x-full items-end' : '-translate-x-1/2 items-center'}`}
            style={{ left: `${tick * 100}%` }}
          >
            <span className="h-1.5 w-px bg-slate-400" />
            <span>{t('panel.findingViewer.metres', { value: numbers.format(tick * scale.lengthM) })}</span>
            {tick === 0 && <span>{t(FINDING_NAME_KEYS.surface('root'))}</span>}
            {tick === 1 && <span>{t(FINDING_NAME_KEYS.surface('tip'))}</span>}
          </span>
        ))}
      </div>
    </div>
  );
}
