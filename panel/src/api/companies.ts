import { type ApiSuccess, type Company, type CompanyBody } from '@kanat360/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { useApiMutation } from './use-api-mutation';

export const companyKeys = {
  all: ['companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
};

/** Every partner company (superadmin only: the server refuses anyone else). */
export function companyListQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.list(),
    queryFn: async ({ signal }) => (await apiClient.get<ApiSuccess<Company[]>>('/companies', { signal })).data,
  });
}

export function useSaveCompany(onSaved: (company: Company) => void) {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CompanyBody }) =>
      id === null
        ? apiClient.post<ApiSuccess<Company>>('/companies', body)
        : apiClient.put<ApiSuccess<Company>>(`/companies/${id}`, body),
    invalidates: [companyKeys.all],
    onSuccess: onSaved,
  });
}

export function useDeleteCompany(onDeleted: () => void) {
  return useApiMutation({
    mutationFn: (id: number) => apiClient.delete<ApiSuccess<null>>(`/companies/${id}`),
    invalidates: [companyKeys.all],
    onSuccess: onDeleted,
  });
}
