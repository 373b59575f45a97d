import { FINDING_NAME_KEYS, type FindingSeverity, SEVERITY_COLOURS, SEVERITY_TEXT } from '@kanat360/contracts';
import { useI18n } from '@/i18n/language';

/** A finding's severity as a coloured chip: its name ("3 – Serious"), or only its number when `compact`. */
export function SeverityBadge({ severity, compact = false }: { severity: FindingSeverity; compact?: boolean }) {
  const { t } = useI18n();
  const name = t(FINDING_NAME_KEYS.severity(severity));
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap"
      style={{ background: SEVERITY_COLOURS[severity], color: SEVERITY_TEXT[severity] }}
      title={name}
      data-severity={severity}
    >
      {compact ? severity : name}
    </span>
  );
}
