import { type Report } from '@kanat360/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { turbineKeys } from './turbines';
import { useApiMutation } from './use-api-mutation';

export const reportKeys = {
  /** Every report list of a turbine: what an upload or a delete invalidates. */
  all: (turbineId: number) => [...turbineKeys.detail(turbineId), 'reports'] as const,
  year: (turbineId: number, year: number) => [...reportKeys.all(turbineId), year] as const,
};

/** A turbine's reports of one campaign year (GET /turbines/{id}/reports?year). */
export function reportListQueryOptions(turbineId: number, year: number) {
  return queryOptions({
    queryKey: reportKeys.year(turbineId, year),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/turbines/{id}/reports', { path: { id: turbineId }, query: { year }, signal })).data,
  });
}

export function refreshReports(queryClient: QueryClient, turbineId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reportKeys.all(turbineId) });
}

/** DELETE /turbines/{id}/reports/{reportId}: the server's "Rapor başarıyla silindi" is toasted. */
export function useDeleteReport(turbineId: number, onDeleted: () => void) {
  return useApiMutation({
    mutationFn: (report: Report) =>
      apiClient.delete('/turbines/{id}/reports/{reportId}', { path: { id: turbineId, reportId: report.id } }),
    invalidates: [reportKeys.all(turbineId)],
    onSuccess: onDeleted,
  });
}
