import { type CreateTurbineBody, type Turbine, type UpdateTurbineBody } from '@kanat360/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './client';
import { companyKeys } from './companies';
import { useApiMutation } from './use-api-mutation';

/**
 * Hierarchical keys: `['turbines', id]` is one turbine and everything under it (its photos, reports, comments), so
 * a change invalidates exactly the branch it touched.
 */
export const turbineKeys = {
  all: ['turbines'] as const,
  list: () => [...turbineKeys.all, 'list'] as const,
  detail: (id: number) => [...turbineKeys.all, id] as const,
};

/** Spec §9: the turbine list is cached for 2 minutes. */
const TURBINE_LIST_STALE_MS = 2 * 60_000;

/** Every turbine the session may see (the server scopes it to the user's company unless superadmin). */
export function turbineListQueryOptions() {
  return queryOptions({
    queryKey: turbineKeys.list(),
    queryFn: async ({ signal }) => (await apiClient.get('/turbines', { signal })).data,
    staleTime: TURBINE_LIST_STALE_MS,
  });
}

/** One turbine with the campaign years that have media (GET /turbines/{id}). */
export function turbineQueryOptions(id: number) {
  return queryOptions({
    queryKey: turbineKeys.detail(id),
    queryFn: async ({ signal }) => (await apiClient.get('/turbines/{id}', { path: { id }, signal })).data,
    staleTime: TURBINE_LIST_STALE_MS,
  });
}

// A turbine's counts show on its company's card: company lists refetch too. Its photos, reports and comments are
// not touched by a change of the turbine itself.
const turbineListChanges = [turbineKeys.list(), companyKeys.all] as const;
const turbineChanges = (id: number) => [...turbineListChanges, { queryKey: turbineKeys.detail(id), exact: true }];

export function useCreateTurbine(onCreated: (turbine: Turbine) => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (body: CreateTurbineBody) => apiClient.post('/turbines', { body }),
    invalidates: turbineListChanges,
    onSuccess: (turbine) => {
      // Spec §4: the new turbine comes first, before the refetch lands.
      queryClient.setQueryData(turbineKeys.list(), (list: Turbine[] | undefined) => [
        turbine,
        ...(list ?? []).filter((item) => item.id !== turbine.id),
      ]);
      onCreated(turbine);
    },
  });
}

export function useUpdateTurbine(onUpdated: (turbine: Turbine) => void) {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTurbineBody }) =>
      apiClient.put('/turbines/{id}', { path: { id }, body }),
    invalidates: ({ id }) => turbineChanges(id),
    onSuccess: onUpdated,
  });
}

export function useDeleteTurbine(onDeleted: (id: number) => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (id: number) => apiClient.delete('/turbines/{id}', { path: { id } }),
    invalidates: turbineListChanges,
    onSuccess: (_data, id) => {
      queryClient.setQueryData(turbineKeys.list(), (list: Turbine[] | undefined) =>
        list?.filter((item) => item.id !== id),
      );
      onDeleted(id);
      // Gone with everything under it: nothing of it is asked for again (a screen still showing it leaves first;
      // its queries go when it has).
      queryClient.removeQueries({ queryKey: turbineKeys.detail(id), type: 'inactive' });
    },
  });
}

/** What the fleet map draws under the turbines (GET /map/basemap): a setting of the server, read once a session. */
export function mapBasemapQueryOptions() {
  return queryOptions({
    queryKey: ['map', 'basemap'] as const,
    queryFn: async ({ signal }) => (await apiClient.get('/map/basemap', { signal })).data,
    staleTime: Infinity,
  });
}

/** A turbine's campaign coverage of a year (GET /turbines/{id}/coverage): under the turbine, so uploads refresh it. */
export function turbineCoverageQueryOptions(id: number, year: number) {
  return queryOptions({
    queryKey: [...turbineKeys.detail(id), 'coverage', year] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/coverage', { path: { id }, query: { year }, signal })).data,
  });
}

/** Every turbine's coverage of a year (GET /coverage). */
export function fleetCoverageQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...turbineKeys.all, 'coverage', year] as const,
    queryFn: async ({ signal }) => (await apiClient.get('/coverage', { query: { year }, signal })).data,
  });
}

/** POST /turbines/import: a sheet checked (dry run) or written; a write refreshes the lists. */
export function useImportTurbines() {
  return useApiMutation({
    mutationFn: ({ file, dryRun, companyId }: { file: File; dryRun: boolean; companyId: number | null }) => {
      const form = new FormData();
      form.append('file', file);
      return apiClient.post('/turbines/import', {
        query: { dry_run: String(dryRun) as 'true' | 'false', company_id: companyId ?? undefined },
        body: form,
      });
    },
    invalidates: ({ dryRun }) => (dryRun ? [] : turbineListChanges),
  });
}
