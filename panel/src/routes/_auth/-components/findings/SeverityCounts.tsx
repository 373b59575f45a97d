import {
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  type FindingSeverity,
  type FindingSummary,
  SEVERITY_COLOURS,
  SEVERITY_TEXT,
} from '@kanat360/contracts';
import { useI18n } from '@/i18n/language';
import { countAtLeast } from './finding-search';

/**
 * How many findings the other filters match, by severity, as chips in the severities' colours; a chip is also the
 * severity filter: choosing one shows it and the worse ones (the chips left out fade), choosing it again shows all.
 * The counts come from the server's summary, so they cover every matching finding, not just the pages loaded.
 */
export function SeverityCounts({
  summary,
  selected,
  onSelect,
}: {
  /** Undefined while the counts load (the chips wait with a dash). */
  summary: FindingSummary | undefined;
  selected: FindingSeverity | undefined;
  onSelect: (severity: FindingSeverity | undefined) => void;
}) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
  const count = (value: number | undefined) => (value === undefined ? '–' : number.format(value));
  const chip =
    'inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium transition ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label={t('panel.fleetFindings.severityFilter')}
      data-testid="severity-counts"
    >
      <button
        type="button"
        className={`${chip} border-slate-300 text-slate-800 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:border-slate-600 dark:text-slate-100 dark:aria-pressed:border-brand-300 dark:aria-pressed:bg-brand-300 dark:aria-pressed:text-slate-950`}
        aria-pressed={selected === undefined}
        onClick={() => onSelect(undefined)}
        data-testid="severity-chip-all"
      >
        {t('panel.fleetFindings.allSeverities')}
        <span className="tabular-nums" data-testid="severity-count">
          {count(summary?.total)}
        </span>
      </button>
      {FINDING_SEVERITIES.map((severity) => {
        const included = selected === undefined || severity >= selected;
        const name = t(FINDING_NAME_KEYS.severity(severity));
        return (
          <button
            key={severity}
            type="button"
            className={`${chip} aria-pressed:ring-2 aria-pressed:ring-slate-800 aria-pressed:ring-offset-2 dark:aria-pressed:ring-slate-100 dark:aria-pressed:ring-offset-slate-900 ${included ? 'border-transparent' : 'border-dashed border-slate-400 bg-transparent text-slate-700 hover:border-slate-600 dark:border-slate-500 dark:text-slate-300'}`}
            style={included ? { background: SEVERITY_COLOURS[severity], color: SEVERITY_TEXT[severity] } : undefined}
            aria-pressed={selected === severity}
            title={
              summary
                ? t('panel.fleetFindings.severityAtLeast', { severity: name, n: countAtLeast(summary, severity) })
                : name
            }
            onClick={() => onSelect(selected === severity ? undefined : severity)}
            data-testid="severity-chip"
            data-severity={severity}
            data-included={included}
          >
            {!included && (
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: SEVERITY_COLOURS[severity] }}
                aria-hidden="true"
              />
            )}
            <span className="max-w-56 truncate">{name}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${included ? 'bg-white/90 text-slate-900' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'}`}
              data-testid="severity-count"
            >
              {count(summary?.by_severity[severity])}
            </span>
          </button>
        );
      })}
    </div>
  );
}
