import { type ApiSuccess, type TurbineComment } from '@kanat360/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './client';
import { turbineKeys } from './turbines';

export const commentKeys = {
  list: (turbineId: number) => [...turbineKeys.detail(turbineId), 'comments'] as const,
};

/** A turbine's comments, oldest first, each saying whether the caller may still change it (`can_edit`). */
export function commentListQueryOptions(turbineId: number) {
  return queryOptions({
    queryKey: commentKeys.list(turbineId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ApiSuccess<TurbineComment[]>>(`/turbines/${turbineId}/comments`, { signal })).data,
  });
}

export type CommentChange =
  { kind: 'add'; comment: string } | { kind: 'edit'; id: number; comment: string } | { kind: 'delete'; id: number };

/**
 * Adds, edits or deletes a comment. Whatever the outcome the list is fetched again (spec §7: after a failed change
 * the comment list is reloaded), so it always shows what the server holds; failures are the caller's to show.
 */
export function useCommentChange(turbineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CommentChange): Promise<ApiSuccess<TurbineComment | null>> => {
      const base = `/turbines/${turbineId}/comments`;
      if (change.kind === 'add') return apiClient.post<ApiSuccess<TurbineComment>>(base, { comment: change.comment });
      if (change.kind === 'edit')
        return apiClient.put<ApiSuccess<TurbineComment>>(`${base}/${change.id}`, { comment: change.comment });
      return apiClient.delete<ApiSuccess<null>>(`${base}/${change.id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentKeys.list(turbineId) }),
  });
}
