import { type Turbine } from '@kanat360/contracts';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { TurbineLinks, TurbineManageButtons } from './TurbineActions';
import { cityLabel } from './turbine-filters';
import { TurbineStatusBadge } from './TurbineStatusBadge';
import { WorstSeverityLink } from './WorstSeverityLink';

interface TurbineListProps {
  turbines: readonly Turbine[];
  onEdit: (turbine: Turbine) => void;
  onDelete: (turbine: Turbine) => void;
}

/** Spec §2's cards: name, city-code, location, company, rooms and photos, and the turbine's buttons. */
export function TurbineGrid({ turbines, onEdit, onDelete }: TurbineListProps) {
  const { t, locale, language } = useI18n();
  const number = new Intl.NumberFormat(locale);
  return (
    <ul className="grid grid-cols-2 gap-5 xl:grid-cols-3" aria-label={t('panel.turbines.listLabel')}>
      {turbines.map((turbine) => (
        <li key={turbine.id} className="card flex flex-col p-5" data-testid="turbine-card" data-turbine-id={turbine.id}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate text-lg font-semibold" data-testid="turbine-name">
                {turbine.name}
              </h2>
              <p className="text-sm font-medium text-brand-800 dark:text-brand-300">
                {cityLabel(turbine.city)}-{turbine.code}
              </p>
            </div>
            <div className="-mt-1 -mr-2 flex shrink-0 items-center gap-1">
              <TurbineStatusBadge status={turbine.status} />
              <TurbineManageButtons turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </div>
          {/* The card's full width: beside the status and a superadmin's buttons it wrapped onto four lines. */}
          {turbine.worst_open_severity !== null && (
            <div
              className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400"
              data-testid="turbine-worst-open"
            >
              <span>{t('panel.turbines.worstOpen')}</span>
              <WorstSeverityLink turbine={turbine} />
            </div>
          )}
          <dl className="mt-4 mb-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <div className="col-span-2">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{t('panel.turbines.field.location')}</dt>
              <dd className="truncate">{turbine.location}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{t('panel.turbines.field.company')}</dt>
              <dd className="truncate" data-testid="turbine-company">
                {turbine.company_name}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600 dark:text-slate-400">{t('panel.turbines.field.rooms')}</dt>
              <dd className="font-medium" data-testid="turbine-rooms">
                {number.format(turbine.rooms)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600 dark:text-slate-400" title={t('panel.turbines.mediaCountHint')}>
                {t('panel.turbines.mediaCount')}
              </dt>
              <dd className="font-medium" data-testid="turbine-media">
                {number.format(turbine.media_count)}
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{t('panel.turbines.updated')}</dt>
              <dd>
                <time dateTime={turbine.updated_at}>{formatDate(turbine.updated_at, language)}</time>
              </dd>
            </div>
          </dl>
          <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <TurbineLinks turbine={turbine} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The same turbines as rows, for scanning many at once. */
export function TurbineTable({ turbines, onEdit, onDelete }: TurbineListProps) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
  const header = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('panel.turbines.listLabel')}</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={header}>
              {t('panel.turbines.field.name')}
            </th>
            <th scope="col" className={header}>
              {t('panel.turbines.cityCode')}
            </th>
            <th scope="col" className={header}>
              {t('panel.turbines.field.location')}
            </th>
            <th scope="col" className={header}>
              {t('panel.turbines.field.company')}
            </th>
            <th scope="col" className={`${header} text-right`}>
              {t('panel.turbines.field.rooms')}
            </th>
            <th scope="col" className={`${header} text-right`} title={t('panel.turbines.mediaCountHint')}>
              {t('panel.turbines.mediaCount')}
            </th>
            <th scope="col" className={header}>
              {t('panel.turbines.field.status')}
            </th>
            <th scope="col" className={header}>
              <span className="sr-only">{t('panel.turbines.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {turbines.map((turbine) => (
            <tr key={turbine.id} data-testid="turbine-row" data-turbine-id={turbine.id}>
              <th scope="row" className="px-4 py-3 text-left font-medium whitespace-nowrap">
                <span className="inline-flex items-center gap-2">
                  <span data-testid="turbine-name">{turbine.name}</span>
                  <WorstSeverityLink turbine={turbine} compact />
                </span>
              </th>
              <td className="px-4 py-3 whitespace-nowrap">
                {cityLabel(turbine.city)}-{turbine.code}
              </td>
              <td className="px-4 py-3">{turbine.location}</td>
              <td className="px-4 py-3" data-testid="turbine-company">
                {turbine.company_name}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{number.format(turbine.rooms)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{number.format(turbine.media_count)}</td>
              <td className="px-4 py-3">
                <TurbineStatusBadge status={turbine.status} />
              </td>
              <td className="px-4 py-3">
                <div className="flex items-center gap-1">
                  <TurbineLinks turbine={turbine} compact />
                  <TurbineManageButtons turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
