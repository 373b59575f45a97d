import { DEFAULT_FINDING_SORT, type FindingSeverity } from '@kanat360/contracts';
import { translator } from '@kanat360/i18n/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { findingsExportUrl, fleetFindingSummaryQueryOptions } from '@/api/findings';
import { turbineListQueryOptions } from '@/api/turbines';
import { PageHeading } from '@/components/PageHeading';
import { StrokeIcon } from '@/components/StrokeIcon';
import { usePageTitle } from '@/components/use-page-title';
import { NO_SELECTION, toggleFinding, toggleShown } from '@/findings/finding-selection';
import { LazyPlanRepairDialog } from '@/findings/LazyPlanRepairDialog';
import { planRepairProblem } from '@/findings/plan-repair';
import { loadCompanyOptions, useCompanyOptions } from '@/forms/company-options';
import { languageAtom, useI18n, loadCatalogAreas } from '@/i18n/language';
import { loadSessionUser } from '@/session/load-session-user';
import { hasPermission } from '@/session/session-user';
import { useCan } from '@/session/use-session';
import { appStore } from '@/state/store';
import { showToastAtom } from '@/toast/toast-store';
import {
  countAtLeast,
  type FindingSearch,
  findingFiltersOf,
  findingSearchSchema,
  hasFindingFilters,
  NO_FINDING_FILTERS,
  withoutSeverity,
} from './-components/findings/finding-search';
import { FindingSortSelect, FleetFindingFilters } from './-components/findings/FleetFindingFilters';
import { type FindingPicking, FleetFindingList } from './-components/findings/FleetFindingList';
import { SeverityCounts } from './-components/findings/SeverityCounts';

export const Route = createFileRoute('/_auth/findings')({
  beforeLoad: () => loadCatalogAreas('findings', 'workspace'),
  validateSearch: findingSearchSchema,
  loader: async ({ context: { queryClient }, preload }) => {
    const user = await loadSessionUser(queryClient);
    if (!hasPermission(user, 'finding.read')) {
      if (!preload) {
        const t = translator(appStore.get(languageAtom));
        appStore.set(showToastAtom, { type: 'error', message: t('panel.unauthorized.general') });
      }
      // The router's contract: a thrown redirect (a Response, not an Error) ends the load and navigates.
      throw redirect({ to: '/', replace: true });
    }
    await Promise.all([
      // The rows name their turbines, and the turbine filter offers them.
      queryClient.ensureQueryData(turbineListQueryOptions()),
      loadCompanyOptions(queryClient, user),
    ]);
  },
  component: FleetFindingsPage,
});

/** The files the list downloads as: for people (CSV, Excel) and for machines (W3C Web Annotations). */
const EXPORTS = [
  { format: 'csv', label: 'panel.fleetFindings.exportCsv' },
  { format: 'xlsx', label: 'panel.fleetFindings.exportXlsx' },
  { format: 'jsonld', label: 'panel.fleetFindings.exportJsonLd' },
] as const;

/**
 * Issue 14 item 7: every finding of the fleet the user may see, filtered in the URL, counted by severity, exported
 * as CSV, an Excel workbook or W3C Web Annotations with the same filters.
 */
function FleetFindingsPage() {
  const { t, language } = useI18n();
  usePageTitle(t('panel.fleetFindings.title'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const seesEveryCompany = useCan('tenant.all');
  const readsDrafts = useCan('finding.readDrafts');
  const viewer = useMemo(() => ({ seesEveryCompany, readsDrafts }), [seesEveryCompany, readsDrafts]);
  const filters = useMemo(() => findingFiltersOf(search, viewer), [search, viewer]);
  const sort = search.sort ?? DEFAULT_FINDING_SORT;
  const { data: turbines } = useSuspenseQuery(turbineListQueryOptions());
  const turbineNames = useMemo(() => new Map(turbines.map((turbine) => [turbine.id, turbine.name])), [turbines]);
  const companies = useCompanyOptions();
  const summary = useQuery(fleetFindingSummaryQueryOptions(withoutSeverity(filters)));
  const canPlanRepair = useCan('repair.create');
  const [selection, setSelection] = useState(NO_SELECTION);
  const [planning, setPlanning] = useState(false);
  const [refused, setRefused] = useState(false);
  const picking: FindingPicking | null = canPlanRepair
    ? {
        selection,
        onToggle: (finding) => {
          setSelection((current) => toggleFinding(current, finding));
          setRefused(false);
        },
        onToggleShown: (shown) => {
          setSelection((current) => toggleShown(current, shown));
          setRefused(false);
        },
      }
    : null;
  const selected = [...selection.values()];
  const planSelection = () => {
    // Held findings cannot be picked, so what is left to refuse is a choice across turbines.
    const problem = planRepairProblem(selected);
    if (problem === 'turbines') setRefused(true);
    else if (problem === null) setPlanning(true);
  };

  const patchSearch = (patch: Partial<FindingSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  const filtered = hasFindingFilters(search, viewer);
  const shown = summary.data ? countAtLeast(summary.data, search.severity) : undefined;

  const download = (
    <StrokeIcon className="size-4">
      <path d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3" />
    </StrokeIcon>
  );
  return (
    <>
      <PageHeading
        title={t('panel.fleetFindings.title')}
        summary={
          shown === undefined ? (
            t('common.loading')
          ) : (
            <span data-testid="findings-total">{t('panel.fleetFindings.count', { n: shown })}</span>
          )
        }
        actions={
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('panel.fleetFindings.exportHint')}>
            {EXPORTS.map(({ format, label }) => (
              <a
                key={format}
                className="btn-secondary"
                href={findingsExportUrl(format, filters, language)}
                download
                title={t('panel.fleetFindings.exportHint')}
                data-testid={`export-${format}`}
              >
                {download}
                {t(label)}
              </a>
            ))}
          </div>
        }
      />
      <div className="card mb-4 flex flex-col gap-4 p-4" role="search" aria-label={t('panel.fleetFindings.filters')}>
        <div className="flex flex-wrap items-center gap-3">
          <FleetFindingFilters
            search={search}
            companies={seesEveryCompany ? companies : null}
            turbines={turbines}
            showStage={readsDrafts}
            onChange={patchSearch}
          />
          {filtered && (
            <button type="button" className="btn-ghost" onClick={() => patchSearch(NO_FINDING_FILTERS)}>
              {t('panel.fleetFindings.clearFilters')}
            </button>
          )}
          <FindingSortSelect
            sort={sort}
            // The default order stays out of the URL, as unset filters do.
            onChange={(next) => patchSearch({ sort: next === DEFAULT_FINDING_SORT ? undefined : next })}
          />
        </div>
        {summary.isError ? (
          <p className="text-sm text-red-700 dark:text-red-300" role="alert">
            {t('panel.fleetFindings.loadFailed')}{' '}
            <button type="button" className="font-medium underline" onClick={() => void summary.refetch()}>
              {t('common.tryAgain')}
            </button>
          </p>
        ) : (
          <SeverityCounts
            summary={summary.data}
            selected={search.severity}
            onSelect={(severity: FindingSeverity | undefined) => patchSearch({ severity })}
          />
        )}
      </div>
      {selection.size > 0 && (
        <div
          className="card mb-4 flex flex-wrap items-center gap-3 p-3"
          role="region"
          aria-label={t('panel.fleetFindings.selected', { n: selection.size })}
          data-testid="findings-selection"
        >
          <span className="text-sm font-medium" data-testid="findings-selected-count">
            {t('panel.fleetFindings.selected', { n: selection.size })}
          </span>
          <button type="button" className="btn-primary" onClick={planSelection} data-testid="findings-plan-repair">
            {t('panel.planRepair.action')}
          </button>
          <button
            type="button"
            className="btn-ghost"
            onClick={() => {
              setSelection(NO_SELECTION);
              setRefused(false);
            }}
          >
            {t('panel.fleetFindings.clearSelection')}
          </button>
          {refused && (
            <p
              className="w-full text-sm text-red-700 dark:text-red-300"
              role="alert"
              data-testid="findings-plan-refused"
            >
              {t('panel.planRepair.turbinesDiffer')}
            </p>
          )}
        </div>
      )}
      {planning && selected[0] && (
        <LazyPlanRepairDialog
          turbineId={selected[0].turbine_id}
          findings={selected}
          onClose={() => setPlanning(false)}
          onPlanned={() => setSelection(NO_SELECTION)}
        />
      )}
      <FleetFindingList
        picking={picking}
        filters={filters}
        sort={sort}
        turbineNames={turbineNames}
        showStage={readsDrafts}
        filtered={filtered}
        onClearFilters={() => patchSearch(NO_FINDING_FILTERS)}
      />
    </>
  );
}
