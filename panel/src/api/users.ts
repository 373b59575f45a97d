import { type ChangePasswordBody, type CreateUserBody, type UpdateUserBody, type User } from '@kanat360/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { companyKeys } from './companies';
import { useApiMutation } from './use-api-mutation';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

/** The users the session may manage: all for superadmin, the own company's for admin (the server decides). */
export function userListQueryOptions() {
  return queryOptions({
    queryKey: userKeys.list(),
    queryFn: async ({ signal }) => (await apiClient.get('/users', { signal })).data,
  });
}

// A user's company shows a user count on its card: company lists refetch too.
const userChanges = [userKeys.all, companyKeys.all] as const;

export function useCreateUser(onCreated: (user: User) => void) {
  return useApiMutation({
    mutationFn: (body: CreateUserBody) => apiClient.post('/users', { body }),
    invalidates: userChanges,
    onSuccess: onCreated,
  });
}

export function useUpdateUser(onUpdated: (user: User) => void) {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) =>
      apiClient.put('/users/{id}', { path: { id }, body }),
    invalidates: userChanges,
    onSuccess: onUpdated,
  });
}

export function useChangePassword(onChanged: () => void) {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: ChangePasswordBody }) =>
      apiClient.put('/users/{id}/password', { path: { id }, body }),
    invalidates: [],
    onSuccess: onChanged,
  });
}

export function useDeleteUser(onDeleted: () => void) {
  return useApiMutation({
    mutationFn: (id: number) => apiClient.delete('/users/{id}', { path: { id } }),
    invalidates: userChanges,
    onSuccess: onDeleted,
  });
}
