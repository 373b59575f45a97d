import { REPAIR_CURRENCIES, REPAIR_STATUSES, type RepairSummary } from '@kanat360/contracts';
import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { RepairLink } from '@/components/RepairLink';
import { useMemo } from 'react';
import {
  allFleetRepairsQueryOptions,
  fleetRepairsQueryOptions,
  repairSummaryQueryOptions,
  repairsExportUrl,
} from '@/api/repairs';
import { turbineListQueryOptions } from '@/api/turbines';
import { PageHeading } from '@/components/PageHeading';
import { UnauthorizedScreen } from '@/components/UnauthorizedScreen';
import { usePageTitle } from '@/components/use-page-title';
import { loadCompanyOptions, useCompanyOptions } from '@/forms/company-options';
import { useI18n } from '@/i18n/language';
import { loadSessionUser } from '@/session/load-session-user';
import { hasPermission } from '@/session/session-user';
import { useCan, useSessionUser } from '@/session/use-session';
import { CalendarFeedBox } from './-components/repairs/CalendarFeedBox';
import { FleetBoard } from './-components/repairs/FleetBoard';
import { RepairMonth } from './-components/repairs/RepairMonth';
import { addMonths, monthOf } from './-components/repairs/repair-month';
import {
  hasRepairFilters,
  offersAssignedToMe,
  REPAIR_VIEWS,
  type RepairSearch,
  repairFiltersOf,
  repairSearchSchema,
  statusesOf,
} from './-components/repairs/repair-search';

/** /dashboard/repairs (issue #24): the fleet's repairs as a list, a board by status or a month, filtered in the URL. */
export const Route = createFileRoute('/_auth/repairs/')({
  validateSearch: repairSearchSchema,
  loader: async ({ context: { queryClient } }) => {
    const user = await loadSessionUser(queryClient);
    if (!hasPermission(user, 'repair.read')) return;
    await Promise.all([queryClient.ensureQueryData(turbineListQueryOptions()), loadCompanyOptions(queryClient, user)]);
  },
  component: RepairsPage,
});

const NO_FILTERS: RepairSearch = {
  company: undefined,
  turbine: undefined,
  status: undefined,
  assignee: undefined,
  due: undefined,
  overdue: undefined,
  priority: undefined,
};

function RepairsPage() {
  const { t } = useI18n();
  if (!useCan('repair.read')) return <UnauthorizedScreen message={t('panel.unauthorized.general')} />;
  return <FleetRepairs />;
}

function FleetRepairs() {
  const { t, language } = useI18n();
  usePageTitle(t('repairs.page.title'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const seesEveryCompany = useCan('tenant.all');
  const filters = useMemo(() => repairFiltersOf(search, seesEveryCompany), [search, seesEveryCompany]);
  const view = search.view ?? 'list';
  const summary = useQuery(repairSummaryQueryOptions(filters));
  const patchSearch = (patch: Partial<RepairSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });

  return (
    <>
      <PageHeading
        title={t('repairs.page.title')}
        actions={
          <div className="flex flex-wrap gap-2">
            {(['csv', 'xlsx'] as const).map((format) => (
              <a
                key={format}
                className="btn-secondary"
                href={repairsExportUrl(format, filters, language)}
                download
                data-testid={`repairs-export-${format}`}
              >
                {t(`repairs.page.export.${format}`)}
              </a>
            ))}
          </div>
        }
      />
      <SummaryFigures summary={summary.data} />
      <RepairFilterBar search={search} seesEveryCompany={seesEveryCompany} onChange={patchSearch} />
      <div className="mb-4 flex gap-2" role="tablist" aria-label={t('repairs.page.views')}>
        {REPAIR_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={view === option}
            className={view === option ? 'btn-primary' : 'btn-secondary'}
            onClick={() => patchSearch({ view: option === 'list' ? undefined : option })}
            data-testid={`repairs-view-${option}`}
          >
            {t(`repairs.page.view.${option}`)}
          </button>
        ))}
      </div>
      {view === 'list' && <RepairList search={search} seesEveryCompany={seesEveryCompany} />}
      {view === 'board' && <FleetBoard filters={filters} counts={summary.data?.by_status} />}
      {view === 'calendar' && (
        <>
          <FleetMonth search={search} seesEveryCompany={seesEveryCompany} />
          <div className="mt-4">
            <CalendarFeedBox />
          </div>
        </>
      )}
    </>
  );
}

function SummaryFigures({ summary }: { summary: RepairSummary | undefined }) {
  const { t, locale } = useI18n();
  if (!summary) return <p className="mb-4 text-sm">{t('common.loading')}</p>;
  const money = (currency: string, amount: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  const costs = summary.cost_this_year;
  const figure = (label: string, value: string | number, testId: string) => (
    <div key={testId} className="card px-3 py-2" data-testid={testId}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
  return (
    <dl className="mb-4 flex flex-wrap gap-2" data-testid="repairs-summary">
      {REPAIR_STATUSES.map((status) =>
        figure(t(`repairs.status.${status}`), summary.by_status[status], `summary-${status}`),
      )}
      {figure(t('repairs.page.overdue'), summary.overdue, 'summary-overdue')}
      {figure(t('repairs.page.due30'), summary.due_30_days, 'summary-due30')}
      {costs &&
        REPAIR_CURRENCIES.filter((currency) => costs.estimated[currency] > 0 || costs.actual[currency] > 0).map(
          (currency) =>
            figure(
              t('repairs.page.costThisYear', { currency }),
              `${money(currency, costs.estimated[currency])} / ${money(currency, costs.actual[currency])}`,
              `summary-cost-${currency}`,
            ),
        )}
    </dl>
  );
}

function RepairFilterBar({
  search,
  seesEveryCompany,
  onChange,
}: {
  search: RepairSearch;
  seesEveryCompany: boolean;
  onChange: (patch: Partial<RepairSearch>) => void;
}) {
  const { t } = useI18n();
  const { data: turbines } = useSuspenseQuery(turbineListQueryOptions());
  const companies = useCompanyOptions();
  const mayBeAssigned = offersAssignedToMe(useSessionUser());
  const statuses = statusesOf(search);
  const number = (value: string) => (value === '' ? undefined : Number(value));
  return (
    <div className="card mb-4 flex flex-wrap items-end gap-3 p-4" role="search" aria-label={t('repairs.page.filters')}>
      {seesEveryCompany && (
        <label className="text-sm">
          <span className="block">{t('repairs.page.company')}</span>
          <select
            className="input"
            value={search.company ?? ''}
            onChange={(event) => onChange({ company: number(event.target.value) })}
          >
            <option value="">{t('repairs.page.all')}</option>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="text-sm">
        <span className="block">{t('repairs.page.turbine')}</span>
        <select
          className="input"
          value={search.turbine ?? ''}
          onChange={(event) => onChange({ turbine: number(event.target.value) })}
          data-testid="repairs-filter-turbine"
        >
          <option value="">{t('repairs.page.all')}</option>
          {turbines.map((turbine) => (
            <option key={turbine.id} value={turbine.id}>
              {turbine.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="block">{t('repairs.page.status')}</span>
        <select
          className="input"
          value={statuses.length === 1 ? statuses[0] : ''}
          onChange={(event) => onChange({ status: event.target.value || undefined })}
          data-testid="repairs-filter-status"
        >
          <option value="">{t('repairs.page.all')}</option>
          {REPAIR_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`repairs.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="block">{t('repairs.page.priority')}</span>
        <select
          className="input"
          value={search.priority ?? ''}
          onChange={(event) => onChange({ priority: number(event.target.value) })}
        >
          <option value="">{t('repairs.page.all')}</option>
          {[5, 4, 3, 2, 1].map((priority) => (
            <option key={priority} value={priority}>
              {t('repairs.page.priorityAtLeast', { priority })}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="block">{t('repairs.page.dueBefore')}</span>
        <input
          type="date"
          className="input"
          value={search.due ?? ''}
          onChange={(event) => onChange({ due: event.target.value || undefined })}
        />
      </label>
      {mayBeAssigned && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={search.assignee === 'me'}
            onChange={(event) => onChange({ assignee: event.target.checked ? 'me' : undefined })}
            data-testid="repairs-filter-mine"
          />
          {t('repairs.page.mine')}
        </label>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={search.overdue === true}
          onChange={(event) => onChange({ overdue: event.target.checked ? true : undefined })}
          data-testid="repairs-filter-overdue"
        />
        {t('repairs.page.overdue')}
      </label>
      {hasRepairFilters(search) && (
        <button type="button" className="btn-ghost" onClick={() => onChange(NO_FILTERS)}>
          {t('repairs.page.clearFilters')}
        </button>
      )}
    </div>
  );
}

function RepairList({ search, seesEveryCompany }: { search: RepairSearch; seesEveryCompany: boolean }) {
  const { t } = useI18n();
  const filters = repairFiltersOf(search, seesEveryCompany);
  const pages = useInfiniteQuery(fleetRepairsQueryOptions(filters));
  const repairs = pages.data?.pages.flatMap((page) => page.data) ?? [];
  if (pages.isPending) return <p className="text-sm">{t('common.loading')}</p>;
  if (pages.isError) {
    return (
      <p className="card p-4 text-sm text-red-700 dark:text-red-300" role="alert">
        {pages.error.message}
      </p>
    );
  }
  if (repairs.length === 0) return <p className="card p-6 text-sm">{t('repairs.page.empty')}</p>;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-sm" data-testid="repairs-list">
        <thead>
          <tr className="text-left">
            <th className="p-2">{t('repairs.page.column.title')}</th>
            <th className="p-2">{t('repairs.page.turbine')}</th>
            <th className="p-2">{t('repairs.page.status')}</th>
            <th className="p-2">{t('repairs.page.priority')}</th>
            <th className="p-2">{t('repairs.page.column.assignee')}</th>
            <th className="p-2">{t('repairs.page.column.due')}</th>
          </tr>
        </thead>
        <tbody>
          {repairs.map((repair) => (
            <tr key={repair.id} className="border-t border-slate-200 dark:border-slate-700" data-testid="repair-row">
              <td className="p-2 font-medium">
                <RepairLink
                  id={repair.id}
                  turbineId={repair.turbine_id}
                  className="text-brand-800 hover:underline dark:text-brand-300"
                  testId="repair-row-link"
                >
                  {repair.title}
                </RepairLink>
              </td>
              <td className="p-2">{repair.turbine.name}</td>
              <td className="p-2">{t(`repairs.status.${repair.status}`)}</td>
              <td className="p-2">{repair.priority}</td>
              <td className="p-2">{repair.assignee?.name ?? t('repairs.page.unassigned')}</td>
              <td className={`p-2 ${repair.overdue ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}>
                {repair.due_date ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages.hasNextPage && (
        <div className="p-3 text-center">
          <button
            type="button"
            className="btn-secondary"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {t('repairs.page.more')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The month shows every matching repair at once (a month with part of its repairs would mislead). */
function FleetMonth({ search, seesEveryCompany }: { search: RepairSearch; seesEveryCompany: boolean }) {
  const { t } = useI18n();
  const navigate = Route.useNavigate();
  const repairs = useQuery(allFleetRepairsQueryOptions(repairFiltersOf(search, seesEveryCompany)));
  if (repairs.isPending) return <p className="text-sm">{t('common.loading')}</p>;
  if (repairs.isError) {
    return (
      <p className="card p-4 text-sm text-red-700 dark:text-red-300" role="alert">
        {repairs.error.message}
      </p>
    );
  }
  const month = search.month ?? monthOf(new Date());
  return (
    <RepairMonth
      month={month}
      repairs={repairs.data}
      onMonth={(step) => void navigate({ search: (previous) => ({ ...previous, month: addMonths(month, step) }) })}
    />
  );
}
