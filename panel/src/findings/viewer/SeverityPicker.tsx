import { FINDING_NAME_KEYS, FINDING_SEVERITIES, type FindingSeverity } from '@kanat360/contracts';
import { useI18n } from '@/i18n/language';
import { SEVERITY_COLOURS, SEVERITY_TEXT } from '@kanat360/contracts';

/** GWO severity 1–5 as five buttons in the severities' colours, one chosen, its name below. */
export function SeverityPicker({
  value,
  onChange,
}: {
  value: FindingSeverity;
  onChange: (severity: FindingSeverity) => void;
}) {
  const { t } = useI18n();
  return (
    <div role="radiogroup" aria-label={t('panel.findingViewer.field.severity')} className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('panel.findingViewer.field.severity')}
      </span>
      <div className="flex gap-1">
        {FINDING_SEVERITIES.map((severity) => {
          const chosen = value === severity;
          return (
            <button
              key={severity}
              type="button"
              role="radio"
              aria-checked={chosen}
              title={t(FINDING_NAME_KEYS.severity(severity))}
              className={`h-9 flex-1 cursor-pointer rounded-lg text-sm font-semibold ring-offset-2 ring-offset-white dark:ring-offset-slate-900 ${chosen ? 'ring-2 ring-slate-900 dark:ring-white' : 'opacity-75 hover:opacity-100'}`}
              style={{ background: SEVERITY_COLOURS[severity], color: SEVERITY_TEXT[severity] }}
              onClick={() => onChange(severity)}
              data-testid={`finding-severity-${severity}`}
            >
              {severity}
            </button>
          );
        })}
      </div>
      <span className="text-xs text-slate-600 dark:text-slate-400">{t(FINDING_NAME_KEYS.severity(value))}</span>
    </div>
  );
}
