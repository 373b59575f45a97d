import { type Turbine, TURBINE_STATUSES, type TurbineStatus } from '@kanat360/contracts';
import { useI18n } from '@/i18n/language';

const STATUS_STYLES: Record<TurbineStatus | 'unknown', string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  maintenance: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  faulty: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  offline: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  inactive: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  unknown: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

/** Spec §4: a status this build does not know shows as "unknown". */
export function TurbineStatusBadge({ status }: { status: Turbine['status'] }) {
  const { t } = useI18n();
  const known = (TURBINE_STATUSES as readonly string[]).includes(status) ? status : 'unknown';
  return <span className={`badge ${STATUS_STYLES[known]}`}>{t(`panel.turbines.status.${known}`)}</span>;
}
