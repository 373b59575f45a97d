import { REPAIR_NAME_KEYS, type Turbine } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RepairLink } from '@/components/RepairLink';
import { turbineRepairsQueryOptions } from '@/api/repairs';
import { LazyPlanRepairDialog } from '@/findings/LazyPlanRepairDialog';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { SectionCard } from './SectionCard';

/** A due date is a calendar day: read and shown as UTC, so the viewer's zone never moves it a day. */
const DUE_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };

/**
 * Issue #24 on the turbine screen: the turbine's repairs the user may read, newest first as the server lists them,
 * each with its status, due date, assignee and an overdue flag; "plan repair" from the turbine's findings for a role
 * that may make one.
 */
export function RepairsSection({ turbine }: { turbine: Turbine }) {
  const { t, language } = useI18n();
  const repairs = useQuery(turbineRepairsQueryOptions(turbine.id));
  const canPlan = useCan('repair.create');
  const [planning, setPlanning] = useState(false);
  return (
    <SectionCard
      id="repairs"
      title={t('panel.turbine.repairsTitle')}
      description={t('panel.turbine.repairsHint')}
      actions={
        canPlan && (
          <button
            type="button"
            className="btn-primary"
            onClick={() => setPlanning(true)}
            data-testid="turbine-plan-repair"
          >
            {t('panel.planRepair.action')}
          </button>
        )
      }
    >
      {planning && (
        <LazyPlanRepairDialog turbineId={turbine.id} findings={[]} pick onClose={() => setPlanning(false)} />
      )}
      {repairs.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('panel.turbine.repairsLoading')}</p>
      ) : repairs.isError ? (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {t('panel.turbine.repairsLoadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void repairs.refetch()}>
            {t('common.tryAgain')}
          </button>
        </p>
      ) : repairs.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="repairs-empty">
          {t('panel.turbine.repairsEmpty')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="turbine-repairs">
            <caption className="sr-only">{t('panel.turbine.repairsTitle')}</caption>
            <thead className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('panel.turbine.repairs.title')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('panel.turbine.repairs.status')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('panel.turbine.repairs.due')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('panel.turbine.repairs.assignee')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {repairs.data.map((repair) => (
                <tr key={repair.id} data-testid="turbine-repair" data-repair-id={repair.id} data-status={repair.status}>
                  <th scope="row" className="py-2 pr-4 text-left font-medium">
                    <RepairLink
                      id={repair.id}
                      turbineId={turbine.id}
                      className="text-brand-800 hover:underline dark:text-brand-300"
                      testId="turbine-repair-link"
                    >
                      {repair.title}
                    </RepairLink>
                    <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">
                      {t(REPAIR_NAME_KEYS.method(repair.method))}
                    </span>
                  </th>
                  <td className="py-2 pr-4 whitespace-nowrap">{t(REPAIR_NAME_KEYS.status(repair.status))}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {repair.due_date === null ? '—' : formatDate(repair.due_date, language, DUE_DATE)}
                    {repair.overdue && (
                      <span
                        className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200"
                        data-testid="turbine-repair-overdue"
                      >
                        {t('panel.turbine.repairs.overdue')}
                      </span>
                    )}
                  </td>
                  <td className="py-2">{repair.assignee?.name ?? t('panel.turbine.repairs.unassigned')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
