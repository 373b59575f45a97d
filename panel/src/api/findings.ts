import { type PathsWith, type QueryOf, querySearch } from '@kanat360/api-client';
import {
  type ApiSuccess,
  type CreateFindingBody,
  type Finding,
  type FindingDetail,
  type FindingFilters,
  type FindingSort,
  FINDING_PAGE,
  type InspectionReportRequest,
  type UpdateFindingBody,
} from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { turbineKeys } from './turbines';
import { useApiMutation } from './use-api-mutation';

/** What the author sends: the body's input before the server fills the defaults (action, status, stage). */
export type FindingInput = Omit<CreateFindingBody, 'action' | 'status' | 'stage'> &
  Partial<Pick<CreateFindingBody, 'action' | 'status' | 'stage'>>;
export type FindingUpdate = Omit<UpdateFindingBody, 'action'> & Partial<Pick<UpdateFindingBody, 'action'>>;

export const findingKeys = {
  /** Every findings question: what a change to any finding makes stale (the fleet list and the turbine's). */
  all: ['findings'] as const,
  fleet: (filters: FindingFilters, sort: FindingSort) => [...findingKeys.all, 'fleet', filters, sort] as const,
  fleetSummary: (filters: FindingFilters) => [...findingKeys.all, 'fleet-summary', filters] as const,
  turbine: (turbineId: number) => [...findingKeys.all, 'turbine', turbineId] as const,
  ofTurbine: (turbineId: number, filters: FindingFilters) =>
    [...findingKeys.turbine(turbineId), 'list', filters] as const,
  detail: (turbineId: number, id: number) => [...findingKeys.turbine(turbineId), 'detail', id] as const,
};

/** Findings change while a team reviews them; a minute old is fresh enough to show. */
const FINDINGS_STALE_MS = 60_000;

/**
 * Every finding of a turbine matching the filters (one media item's, a year's): all of them, page after page, so
 * overlays and the blade map never show a partial picture. A photo holds far fewer than a page of 1,000.
 */
export function turbineFindingsQueryOptions(turbineId: number, filters: FindingFilters = {}) {
  return queryOptions({
    queryKey: findingKeys.ofTurbine(turbineId, filters),
    queryFn: async ({ signal }) => {
      const findings: Finding[] = [];
      let cursor: string | undefined;
      do {
        const page = await apiClient.get('/turbines/{id}/findings', {
          path: { id: turbineId },
          query: { ...filters, limit: FINDING_PAGE.maxLimit, cursor },
          signal,
        });
        findings.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return findings;
    },
    staleTime: FINDINGS_STALE_MS,
  });
}

/** One finding with its track across the years (GET /turbines/{id}/findings/{findingId}). */
export function findingQueryOptions(turbineId: number, id: number) {
  return queryOptions({
    queryKey: findingKeys.detail(turbineId, id),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: id }, signal }))
        .data,
    staleTime: FINDINGS_STALE_MS,
  });
}

/** The fleet list (GET /findings) in the order `sort`, a page at a time as the user scrolls. */
export function fleetFindingsQueryOptions(
  filters: FindingFilters,
  sort: FindingSort,
  pageSize: number = FINDING_PAGE.defaultLimit,
) {
  return infiniteQueryOptions({
    queryKey: findingKeys.fleet(filters, sort),
    queryFn: ({ signal, pageParam }) =>
      apiClient.get('/findings', {
        query: { ...filters, sort, limit: pageSize, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: FINDINGS_STALE_MS,
  });
}

/** How many findings of the fleet the filters match, by severity: all of them, not only the pages loaded. */
export function fleetFindingSummaryQueryOptions(filters: FindingFilters) {
  return queryOptions({
    queryKey: findingKeys.fleetSummary(filters),
    queryFn: async ({ signal }) => (await apiClient.get('/findings/summary', { query: { ...filters }, signal })).data,
    staleTime: FINDINGS_STALE_MS,
  });
}

/**
 * Where a file export of the fleet list with these filters downloads from (a plain link: the browser streams it).
 * A link sends no X-Lang header, so the panel's language goes in the query: the file's texts are in it.
 */
export function findingsExportUrl(
  format: 'csv' | 'xlsx' | 'jsonld',
  filters: FindingFilters,
  language: Language,
): string {
  const path = `/findings/export.${format}` as const satisfies PathsWith<'get'>;
  const query: QueryOf<typeof path, 'get'> = { ...filters, lang: language };
  return `/api${path}${querySearch(query)}`;
}

/** A finding changes the lists, the turbine list's worst severity and the finding's own track. */
const touchedByFindings = [findingKeys.all, turbineKeys.list()] as const;

/** POST /turbines/{id}/findings — a finding marked on a media item. */
export function useCreateFinding(turbineId: number, onCreated?: (finding: FindingDetail) => void) {
  return useApiMutation({
    mutationFn: (body: FindingInput) => apiClient.post('/turbines/{id}/findings', { path: { id: turbineId }, body }),
    invalidates: touchedByFindings,
    onSuccess: onCreated,
  });
}

/** PUT /turbines/{id}/findings/{findingId} — the whole finding again (releasing it is a change of `stage`). */
export function useUpdateFinding(turbineId: number, onSaved?: (finding: FindingDetail) => void) {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: FindingUpdate }) =>
      apiClient.put('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: id }, body }),
    invalidates: touchedByFindings,
    onSuccess: onSaved,
  });
}

/** DELETE /turbines/{id}/findings/{findingId}. */
export function useDeleteFinding(turbineId: number, onDeleted?: (id: number) => void) {
  return useApiMutation({
    mutationFn: (id: number) =>
      apiClient.delete('/turbines/{id}/findings/{findingId}', { path: { id: turbineId, findingId: id } }),
    invalidates: touchedByFindings,
    onSuccess: (_data, id) => onDeleted?.(id),
  });
}

/** POST …/findings/{findingId}/link — the same damage as an earlier year's finding: their tracks join. */
export function useLinkFinding(turbineId: number, onLinked?: (finding: FindingDetail) => void) {
  return useApiMutation({
    mutationFn: ({ id, earlierId }: { id: number; earlierId: number }) =>
      apiClient.post('/turbines/{id}/findings/{findingId}/link', {
        path: { id: turbineId, findingId: id },
        body: { earlier_id: earlierId },
      }),
    invalidates: touchedByFindings,
    onSuccess: onLinked,
  });
}

/** What asking for an inspection report answers: the PDF itself, or a request being made in the background. */
export type InspectionReportAnswer =
  { kind: 'pdf'; blob: Blob; fileName: string } | { kind: 'queued'; request: InspectionReportRequest };

/**
 * GET /turbines/{id}/inspection-report?year= — a small report comes back as the PDF itself; a large one is made in
 * the background (202 with the request to follow). Read as bytes, so it is not the JSON client's to parse.
 */
export async function requestInspectionReport(turbineId: number, year: number): Promise<InspectionReportAnswer> {
  // A PDF takes longer than a JSON answer to make: no time-out.
  const response = await apiClient.getResponse('/turbines/{id}/inspection-report', {
    path: { id: turbineId },
    query: { year },
    timeoutMs: null,
  });
  if (response.headers.get('Content-Type')?.startsWith('application/pdf')) {
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
    const fileName = encoded ? decodeURIComponent(encoded) : (plain ?? `inspection-report-${year}.pdf`);
    return { kind: 'pdf', blob: await response.blob(), fileName };
  }
  // Only the 202 answers JSON (a failure was thrown as an ApiError already).
  const queued = (await response.json()) as ApiSuccess<InspectionReportRequest>;
  return { kind: 'queued', request: queued.data };
}

/** Where a report being made in the background stands, asked again every few seconds until it is ready or failed. */
export function inspectionReportStatusQueryOptions(request: InspectionReportRequest | null) {
  return queryOptions({
    queryKey: [...findingKeys.all, 'inspection-report', request?.id ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/turbines/{id}/inspection-report/{requestId}', {
          path: { id: request!.turbine_id, requestId: request!.id },
          signal,
        })
      ).data,
    enabled: request !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' ? false : 3000),
    staleTime: 0,
  });
}
