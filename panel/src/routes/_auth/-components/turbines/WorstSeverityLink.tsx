import { FINDING_NAME_KEYS, type Turbine } from '@kanat360/contracts';
import { Link } from '@tanstack/react-router';
import { SeverityBadge } from '@/findings/SeverityBadge';
import { useI18n } from '@/i18n/language';

/**
 * The turbine's worst open severity as its coloured chip, leading to the fleet findings page filtered to the turbine;
 * nothing when the turbine has no open finding the user may see.
 */
export function WorstSeverityLink({ turbine, compact = false }: { turbine: Turbine; compact?: boolean }) {
  const { t } = useI18n();
  const severity = turbine.worst_open_severity;
  if (severity === null) return null;
  const label = t('panel.turbines.worstOpenOf', {
    name: turbine.name,
    severity: t(FINDING_NAME_KEYS.severity(severity)),
  });
  return (
    <Link
      to="/findings"
      search={{ turbine: turbine.id }}
      className="inline-flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      aria-label={label}
      title={label}
      data-testid="turbine-worst-severity"
      data-severity={severity}
    >
      <SeverityBadge severity={severity} compact={compact} />
    </Link>
  );
}
