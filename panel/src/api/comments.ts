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
      (await apiClient.get('/turbines/{id}/comments', { path: { id: turbineId }, signal })).data,
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
      if (change.kind === 'add') {
        return apiClient.post('/turbines/{id}/comments', {
          path: { id: turbineId },
          body: { comment: change.comment },
        });
      }
      const path = { id: turbineId, commentId: change.id };
      if (change.kind === 'edit') {
        return apiClient.put('/turbines/{id}/comments/{commentId}', { path, body: { comment: change.comment } });
      }
      return apiClient.delete('/turbines/{id}/comments/{commentId}', { path });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentKeys.list(turbineId) }),
  });
}
