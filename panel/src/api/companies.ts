import { type Company, type CompanyBody } from '@kanat360/contracts';
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
    queryFn: async ({ signal }) => (await apiClient.get('/companies', { signal })).data,
  });
}

export function useSaveCompany(onSaved: (company: Company) => void) {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CompanyBody }) =>
      id === null ? apiClient.post('/companies', { body }) : apiClient.put('/companies/{id}', { path: { id }, body }),
    invalidates: [companyKeys.all],
    onSuccess: onSaved,
  });
}

export function useDeleteCompany(onDeleted: () => void) {
  return useApiMutation({
    mutationFn: (id: number) => apiClient.delete('/companies/{id}', { path: { id } }),
    invalidates: [companyKeys.all],
    onSuccess: onDeleted,
  });
}
