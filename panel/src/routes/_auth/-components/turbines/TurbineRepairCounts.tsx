import { type Turbine } from '@kanat360/contracts';
import { useI18n } from '@/i18n/language';

/**
 * A turbine card's open repairs, and how many of them are overdue in red; nothing when it has no open repair the user
 * may read (a count of zero would only be noise beside the worst severity).
 */
export function TurbineRepairCounts({ turbine }: { turbine: Turbine }) {
  const { t } = useI18n();
  if (turbine.open_repairs === 0) return null;
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="turbine-repairs">
      <span
        className="rounded-full bg-sky-100 px-2 py-0.5 font-medium text-sky-900 dark:bg-sky-950 dark:text-sky-200"
        data-testid="turbine-open-repairs"
      >
        {t('panel.turbines.openRepairs', { count: turbine.open_repairs })}
      </span>
      {turbine.overdue_repairs > 0 && (
        <span
          className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="turbine-overdue-repairs"
        >
          {t('panel.turbines.overdueRepairs', { count: turbine.overdue_repairs })}
        </span>
      )}
    </span>
  );
}
