import { type Turbine } from '@kanat360/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { turbineListQueryOptions } from '@/api/turbines';
import { EmptyState } from '@/components/EmptyState';
import { onDemand } from '@/components/on-demand';
import { PageHeading } from '@/components/PageHeading';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { usePageTitle } from '@/components/use-page-title';
import { loadSessionUser } from '@/session/load-session-user';
import { useCan } from '@/session/use-session';
import { loadCompanyOptions, useCompanyOptions } from '@/forms/company-options';
import {
  filterTurbines,
  hasFilters,
  mapViewOf,
  mapViewParam,
  NO_FILTERS,
  type TurbineSearch,
  turbineSearchSchema,
} from './-components/turbines/turbine-filters';
import { TurbineFilters } from './-components/turbines/TurbineFilters';
import { TurbineGrid, TurbineTable } from './-components/turbines/TurbineGrid';

// MapLibre (some 300 KB gzip) loads only when the map view is opened: never in the dashboard's first load. Lazy with
// Suspense (not onDemand): the map waits on its basemap's query anyway.
const FleetMap = lazy(() => import('@/fleet-map/FleetMap'));
// The forms come when opened: they bring the payload schemas (zod), which the list itself does not need.
const TurbineFormModal = onDemand(() =>
  import('./-components/turbines/TurbineFormModal').then((module) => module.TurbineFormModal),
);
const TurbineImportModal = onDemand(() =>
  import('./-components/turbines/TurbineImportModal').then((module) => module.TurbineImportModal),
);
const DeleteTurbineDialog = onDemand(() =>
  import('./-components/turbines/DeleteTurbineDialog').then((module) => module.DeleteTurbineDialog),
);

export const Route = createFileRoute('/_auth/')({
  validateSearch: turbineSearchSchema,
  loader: async ({ context: { queryClient } }) => {
    const user = await loadSessionUser(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(turbineListQueryOptions()),
      // The company filter and the forms' company pickers; only a user who may read every company gets them.
      loadCompanyOptions(queryClient, user),
    ]);
  },
  component: TurbineDashboard,
});

type OpenModal =
  | { kind: 'import' }
  | { kind: 'add' }
  | { kind: 'edit'; turbine: Turbine }
  | { kind: 'delete'; turbine: Turbine }
  | null;

function TurbineDashboard() {
  const { t } = useI18n();
  usePageTitle(t('panel.turbines.title'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: turbines } = useSuspenseQuery(turbineListQueryOptions());
  const canCreate = useCan('turbine.create');
  const canImport = useCan('turbine.import');
  const seesEveryCompany = useCan('tenant.all');
  const [modal, setModal] = useState<OpenModal>(null);

  // Only the filters narrow the list: moving the map (which rewrites `at`) must not rebuild it.
  const { view: _view, at: _at, ...filters } = search;
  const filterKey = JSON.stringify(filters);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for filters
  const shown = useMemo(() => filterTurbines(turbines, filters), [turbines, filterKey]);
  const options = useCompanyOptions();
  const close = () => setModal(null);
  const patchSearch = (patch: Partial<TurbineSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });

  return (
    <>
      <PageHeading
        title={t('panel.turbines.title')}
        summary={t('panel.turbines.counts', { total: turbines.length, shown: shown.length })}
        actions={
          <div className="flex gap-2">
            {canImport && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setModal({ kind: 'import' })}
                data-testid="turbine-import-open"
              >
                {t('panel.turbines.import.open')}
              </button>
            )}
            {canCreate && (
              <button type="button" className="btn-primary" onClick={() => setModal({ kind: 'add' })}>
                <StrokeIcon className="size-4">
                  <path d="M12 4.5v15m7.5-7.5h-15" />
                </StrokeIcon>
                {t('panel.turbines.add')}
              </button>
            )}
          </div>
        }
      />
      <TurbineFilters
        turbines={turbines}
        companies={seesEveryCompany ? options : null}
        search={search}
        onChange={patchSearch}
      />
      {shown.length === 0 ? (
        turbines.length === 0 ? (
          <EmptyState title={t('panel.turbines.empty')}>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {canCreate ? t('panel.turbines.emptyCanAdd') : t('panel.turbines.emptyHint')}
            </p>
          </EmptyState>
        ) : (
          <EmptyState title={t('panel.turbines.noMatch')}>
            {hasFilters(search) && (
              <button type="button" className="btn-secondary" onClick={() => patchSearch(NO_FILTERS)}>
                {t('panel.turbines.clearFilters')}
              </button>
            )}
          </EmptyState>
        )
      ) : search.view === 'map' ? (
        <Suspense fallback={<p className="card p-6 text-sm">{t('panel.turbines.map.loading')}</p>}>
          <FleetMap
            turbines={shown}
            view={mapViewOf(search.at)}
            onMove={(view) => patchSearch({ at: mapViewParam(view) })}
          />
        </Suspense>
      ) : search.view === 'list' ? (
        <TurbineTable
          turbines={shown}
          onEdit={(turbine) => setModal({ kind: 'edit', turbine })}
          onDelete={(turbine) => setModal({ kind: 'delete', turbine })}
        />
      ) : (
        <TurbineGrid
          turbines={shown}
          onEdit={(turbine) => setModal({ kind: 'edit', turbine })}
          onDelete={(turbine) => setModal({ kind: 'delete', turbine })}
        />
      )}

      {(modal?.kind === 'add' || modal?.kind === 'edit') && (
        <TurbineFormModal
          turbine={modal.kind === 'edit' ? modal.turbine : null}
          companies={options}
          canChooseAnyCompany={seesEveryCompany}
          onClose={close}
          // Spec §4: after adding, the new turbine is first and the filters are reset so it is in view.
          onCreated={() => patchSearch(NO_FILTERS)}
        />
      )}
      {modal?.kind === 'import' && (
        <TurbineImportModal companies={options} canChooseAnyCompany={seesEveryCompany} onClose={close} />
      )}
      {modal?.kind === 'delete' && <DeleteTurbineDialog turbine={modal.turbine} onClose={close} />}
    </>
  );
}
