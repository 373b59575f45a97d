import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { fleetCoverageQueryOptions } from '@/api/turbines';
import { EmptyState } from '@/components/EmptyState';
import { PageHeading } from '@/components/PageHeading';
import { UnauthorizedScreen } from '@/components/UnauthorizedScreen';
import { usePageTitle } from '@/components/use-page-title';
import { useI18n } from '@/i18n/language';
import { loadSessionUser } from '@/session/load-session-user';
import { hasPermission } from '@/session/session-user';
import { useCan } from '@/session/use-session';
import {
  type CoverageSort,
  coverageCsv,
  coverageSearchSchema,
  missingCount,
  missingText,
  sortCoverage,
} from './-components/coverage/coverage-list';
import { YearPicker } from './-components/turbine/BladeSection';
import { cityLabel } from './-components/turbines/turbine-filters';

const thisYear = () => new Date().getFullYear();

/**
 * /dashboard/coverage (issue #25): every turbine with its share of the campaign year's slots covered and what it
 * still lacks, sortable, exportable as CSV. For field teams on site, so readable at 1024 px; not for customers.
 */
export const Route = createFileRoute('/_auth/coverage')({
  validateSearch: coverageSearchSchema,
  loaderDeps: ({ search }) => ({ year: search.year }),
  loader: async ({ context: { queryClient }, deps }) => {
    const user = await loadSessionUser(queryClient);
    if (hasPermission(user, 'coverage.read')) {
      await queryClient.ensureQueryData(fleetCoverageQueryOptions(deps.year ?? thisYear()));
    }
  },
  component: CoveragePage,
});

function CoveragePage() {
  const { t } = useI18n();
  if (!useCan('coverage.read')) return <UnauthorizedScreen message={t('panel.unauthorized.general')} />;
  return <FleetCoverageList />;
}

function FleetCoverageList() {
  const { t, locale } = useI18n();
  usePageTitle(t('panel.coverage.title'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const year = search.year ?? thisYear();
  const { data } = useSuspenseQuery(fleetCoverageQueryOptions(year));
  const seesEveryCompany = useCan('tenant.all');
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  const droneWord = t('panel.coverage.drone');
  const rows = useMemo(
    () =>
      sortCoverage(
        data.turbines.map((item) => ({
          ...item,
          title: item.turbine_name || t('panel.turbine.cityTurbine', { city: cityLabel(item.city) }),
        })),
        search.sort,
        search.desc,
      ),
    [data, search.sort, search.desc, t],
  );

  const sortBy = (sort: CoverageSort) =>
    void navigate({
      search: (previous) => ({ ...previous, sort, desc: previous.sort === sort ? !previous.desc : undefined }),
      replace: true,
    });
  const exportCsv = () => {
    const header = [
      t('panel.coverage.columns.turbine'),
      t('panel.turbines.field.code'),
      t('panel.turbines.field.company'),
      t('panel.turbines.field.rooms'),
      t('panel.coverage.columns.covered'),
      t('panel.coverage.columns.expected'),
      t('panel.coverage.columns.share'),
      t('panel.coverage.columns.missing'),
    ];
    const csv = coverageCsv(
      header,
      rows.map((row) => [
        row.title,
        row.code,
        row.company_name,
        row.rooms,
        row.covered_slots,
        row.expected_slots,
        Math.round(row.share * 100),
        missingText(row, droneWord),
      ]),
    );
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = `${t('panel.coverage.fileName')}-${year}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const header = (sort: CoverageSort, label: string, align = 'text-left') => (
    <th
      scope="col"
      className={`px-3 py-2 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400 ${align}`}
      aria-sort={
        search.sort === sort || (!search.sort && sort === 'share') ? (search.desc ? 'descending' : 'ascending') : 'none'
      }
    >
      <button
        type="button"
        className="hover:underline"
        onClick={() => sortBy(sort)}
        data-testid={`coverage-sort-${sort}`}
      >
        {label}
      </button>
    </th>
  );

  return (
    <>
      <PageHeading
        title={t('panel.coverage.title')}
        summary={t('panel.coverage.pageSummary', {
          covered: data.turbines.filter((item) => item.covered).length,
          total: data.turbines.length,
        })}
        actions={
          <div className="flex items-center gap-2">
            <YearPicker
              value={year}
              onChange={(chosen) =>
                void navigate({ search: (previous) => ({ ...previous, year: chosen }), replace: true })
              }
              testId="coverage-list-year"
            />
            <button type="button" className="btn-secondary" onClick={exportCsv} data-testid="coverage-export">
              {t('panel.coverage.export')}
            </button>
          </div>
        }
      />
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t('panel.coverage.rule')}</p>
      {rows.length === 0 ? (
        <EmptyState title={t('panel.turbines.empty')} />
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-sm" data-testid="coverage-list">
            <caption className="sr-only">{t('panel.coverage.listCaption', { year })}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                {header('name', t('panel.coverage.columns.turbine'))}
                {seesEveryCompany && header('company', t('panel.turbines.field.company'))}
                {header('share', t('panel.coverage.columns.share'), 'text-right')}
                {header('missing', t('panel.coverage.columns.missing'))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((row) => (
                <tr key={row.turbine_id} data-testid="coverage-row" data-turbine-id={row.turbine_id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    <Link
                      to="/turbine/$turbineId"
                      params={{ turbineId: row.turbine_id }}
                      hash="coverage"
                      className="text-brand-800 hover:underline dark:text-brand-300"
                    >
                      {row.title}
                    </Link>
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                      {cityLabel(row.city)}-{row.code}
                    </span>
                  </th>
                  {seesEveryCompany && <td className="px-3 py-2">{row.company_name}</td>}
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-testid="coverage-share">
                    <span className="font-semibold">{percent.format(row.share)}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {t('panel.coverage.slots', { covered: row.covered_slots, expected: row.expected_slots })}
                    </span>
                  </td>
                  <td className="px-3 py-2" data-testid="coverage-missing">
                    {missingCount(row) === 0 ? (
                      <span className="font-medium text-emerald-800 dark:text-emerald-300">
                        {t('panel.coverage.complete')}
                      </span>
                    ) : (
                      missingText(row, droneWord)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
