import {
  type CompleteRepairBody,
  type CreateRepairBody,
  type Repair,
  type RepairCalendarToken,
  type RepairFilters,
  REPAIR_PAGE,
  type UpdateRepairBody,
} from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { findingKeys } from './findings';
import { turbineKeys } from './turbines';
import { useApiMutation } from './use-api-mutation';

/** What the planner sends: the body before the server fills its defaults (status, currency, the nulls). */
export type RepairInput = Pick<CreateRepairBody, 'finding_ids'> & Partial<Omit<CreateRepairBody, 'finding_ids'>>;

export const repairKeys = {
  /** Every repairs question: what a change to any repair makes stale (the fleet list, its summary, a turbine's). */
  all: ['repairs'] as const,
  fleet: (filters: RepairFilters) => [...repairKeys.all, 'fleet', filters] as const,
  summary: (filters: RepairFilters) => [...repairKeys.all, 'summary', filters] as const,
  turbine: (turbineId: number) => [...repairKeys.all, 'turbine', turbineId] as const,
  ofTurbine: (turbineId: number, filters: RepairFilters) =>
    [...repairKeys.turbine(turbineId), 'list', filters] as const,
  detail: (turbineId: number, id: number) => [...repairKeys.turbine(turbineId), 'detail', id] as const,
  assignees: (turbineId: number) => [...repairKeys.turbine(turbineId), 'assignees'] as const,
  /** The caller's feed address: not repair data, so a change of a repair leaves it alone. */
  calendarToken: ['repair-calendar-token'] as const,
};

/** Repairs move while a team works them; a minute old is fresh enough to show. */
const REPAIRS_STALE_MS = 60_000;

/**
 * The filters as the query string spells them: several statuses comma-separated, booleans as `true`/`false`.
 * The lists, the summary and the exports all take the same.
 */
export function repairFilterParams(filters: RepairFilters): Record<string, string | number | undefined> {
  return {
    company_id: filters.company_id,
    turbine_id: filters.turbine_id,
    status: filters.status && filters.status.length > 0 ? filters.status.join(',') : undefined,
    assignee_id: filters.assignee_id,
    due_before: filters.due_before,
    overdue: filters.overdue === undefined ? undefined : String(filters.overdue),
    priority_min: filters.priority_min,
  };
}

/** Every repair a list route answers for the filters, page after page of the largest size. */
async function everyRepair(turbineId: number | null, filters: RepairFilters, signal: AbortSignal): Promise<Repair[]> {
  const repairs: Repair[] = [];
  let cursor: string | undefined;
  do {
    const query = { ...repairFilterParams(filters), limit: REPAIR_PAGE.maxLimit, cursor };
    const page =
      turbineId === null
        ? await apiClient.get('/repairs', { signal, query })
        : await apiClient.get('/turbines/{id}/repairs', { path: { id: turbineId }, signal, query });
    repairs.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return repairs;
}

/** The fleet's repairs (GET /repairs) matching the filters, newest first, a page at a time as the user scrolls. */
export function fleetRepairsQueryOptions(filters: RepairFilters, pageSize: number = REPAIR_PAGE.defaultLimit) {
  return infiniteQueryOptions({
    queryKey: [...repairKeys.fleet(filters), pageSize] as const,
    queryFn: ({ signal, pageParam }) =>
      apiClient.get('/repairs', {
        signal,
        query: { ...repairFilterParams(filters), limit: pageSize, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: REPAIRS_STALE_MS,
  });
}

/**
 * Every repair of the fleet matching the filters, page after page: the calendar shows all of them at once (a month
 * with part of its repairs would mislead).
 */
export function allFleetRepairsQueryOptions(filters: RepairFilters) {
  return queryOptions({
    queryKey: [...repairKeys.fleet(filters), 'all'] as const,
    queryFn: ({ signal }) => everyRepair(null, filters, signal),
    staleTime: REPAIRS_STALE_MS,
  });
}

/** GET /repairs/summary: counts by status, overdue, due soon and this year's costs (null when hidden). */
export function repairSummaryQueryOptions(filters: RepairFilters) {
  return queryOptions({
    queryKey: repairKeys.summary(filters),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/repairs/summary', {
          signal,
          query: repairFilterParams(filters),
        })
      ).data,
    staleTime: REPAIRS_STALE_MS,
  });
}

/** Every repair of a turbine matching the filters (GET /turbines/{id}/repairs), all pages. */
export function turbineRepairsQueryOptions(turbineId: number, filters: RepairFilters = {}) {
  return queryOptions({
    queryKey: repairKeys.ofTurbine(turbineId, filters),
    queryFn: ({ signal }) => everyRepair(turbineId, filters, signal),
    staleTime: REPAIRS_STALE_MS,
  });
}

/** One repair with its findings, after photos and allowed actions (GET /turbines/{id}/repairs/{repairId}). */
export function repairQueryOptions(turbineId: number, id: number) {
  return queryOptions({
    queryKey: repairKeys.detail(turbineId, id),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/repairs/{repairId}', { path: { id: turbineId, repairId: id }, signal }))
        .data,
    staleTime: REPAIRS_STALE_MS,
  });
}

/** Who a repair of the turbine may be assigned to: its company's users (GET /turbines/{id}/repair-assignees). */
export function repairAssigneesQueryOptions(turbineId: number) {
  return queryOptions({
    queryKey: repairKeys.assignees(turbineId),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/repair-assignees', { path: { id: turbineId }, signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** The caller's calendar feed address (GET /repairs/calendar-token; made on first asking). */
export function repairCalendarTokenQueryOptions() {
  return queryOptions({
    queryKey: repairKeys.calendarToken,
    queryFn: async ({ signal }) => (await apiClient.get('/repairs/calendar-token', { signal })).data,
    staleTime: Infinity,
  });
}

/**
 * Where a file export of the fleet's repairs with these filters downloads from (a plain link: the browser streams
 * it). A link sends no X-Lang header, so the panel's language goes in the query: the file's texts are in it.
 */
export function repairsExportUrl(format: 'csv' | 'xlsx', filters: RepairFilters, language: Language): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(repairFilterParams(filters))) {
    if (value !== undefined) query.set(key, String(value));
  }
  query.set('lang', language);
  return `/api/repairs/export.${format}?${query.toString()}`;
}

/**
 * A repair changes the repairs lists, its findings' statuses (findings follow their repair) and the turbine list's
 * open and overdue counts, and the turbine's own page.
 */
const touchedByRepairs = (turbineId: number) =>
  [
    repairKeys.all,
    findingKeys.all,
    turbineKeys.list(),
    { queryKey: turbineKeys.detail(turbineId), exact: true },
  ] as const;

/** POST /turbines/{id}/repairs — a work order from findings of the turbine. */
export function useCreateRepair(turbineId: number, onCreated?: (repair: Repair) => void) {
  return useApiMutation({
    mutationFn: (body: RepairInput) => apiClient.post('/turbines/{id}/repairs', { path: { id: turbineId }, body }),
    invalidates: touchedByRepairs(turbineId),
    onSuccess: onCreated,
  });
}

/** The repair a change is made to: its turbine comes with it, so a fleet screen can change any repair. */
export interface RepairRef {
  turbineId: number;
  id: number;
}

/** PUT /turbines/{id}/repairs/{repairId} — the fields to change; `status` makes the graph's `put` transitions. */
export function useUpdateRepair(onSaved?: (repair: Repair) => void) {
  return useApiMutation({
    mutationFn: ({ turbineId, id, body }: RepairRef & { body: UpdateRepairBody }) =>
      apiClient.put('/turbines/{id}/repairs/{repairId}', { path: { id: turbineId, repairId: id }, body }),
    invalidates: ({ turbineId }) => touchedByRepairs(turbineId),
    onSuccess: onSaved,
  });
}

/** DELETE /turbines/{id}/repairs/{repairId} — its findings get back the status they had. */
export function useDeleteRepair(onDeleted?: (ref: RepairRef) => void) {
  return useApiMutation({
    mutationFn: ({ turbineId, id }: RepairRef) =>
      apiClient.delete('/turbines/{id}/repairs/{repairId}', { path: { id: turbineId, repairId: id } }),
    invalidates: ({ turbineId }) => touchedByRepairs(turbineId),
    onSuccess: (_data, ref) => onDeleted?.(ref),
  });
}

/** POST …/{repairId}/complete — a note, the after photos (uploaded with category `repair`), cost and hours. */
export function useCompleteRepair(onCompleted?: (repair: Repair) => void) {
  return useApiMutation({
    mutationFn: ({ turbineId, id, body }: RepairRef & { body: CompleteRepairBody }) =>
      apiClient.post('/turbines/{id}/repairs/{repairId}/complete', { path: { id: turbineId, repairId: id }, body }),
    invalidates: ({ turbineId }) => touchedByRepairs(turbineId),
    onSuccess: onCompleted,
  });
}

/** POST …/{repairId}/verify — the next inspection saw the repair hold; its findings close. */
export function useVerifyRepair(onVerified?: (repair: Repair) => void) {
  return useApiMutation({
    mutationFn: ({ turbineId, id }: RepairRef) =>
      apiClient.post('/turbines/{id}/repairs/{repairId}/verify', { path: { id: turbineId, repairId: id } }),
    invalidates: ({ turbineId }) => touchedByRepairs(turbineId),
    onSuccess: onVerified,
  });
}

/** POST …/{repairId}/cancel — its findings get back the status they had. */
export function useCancelRepair(onCancelled?: (repair: Repair) => void) {
  return useApiMutation({
    mutationFn: ({ turbineId, id }: RepairRef) =>
      apiClient.post('/turbines/{id}/repairs/{repairId}/cancel', { path: { id: turbineId, repairId: id } }),
    invalidates: ({ turbineId }) => touchedByRepairs(turbineId),
    onSuccess: onCancelled,
  });
}

/** POST /repairs/calendar-token — a new feed address; the old one stops working at once. */
export function useRotateRepairCalendarToken(onRotated?: (token: RepairCalendarToken) => void) {
  return useApiMutation({
    mutationFn: () => apiClient.post('/repairs/calendar-token'),
    invalidates: [repairKeys.calendarToken],
    onSuccess: onRotated,
  });
}
