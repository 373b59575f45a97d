import { type ApiSuccess } from '@kanat360/contracts';
import { type InvalidateQueryFilters, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/toast/toast-store';

/** What a change makes stale: a key and everything under it, or (with `exact`) that one query only. */
export type Invalidation = QueryKey | Required<Pick<InvalidateQueryFilters, 'queryKey' | 'exact'>>;

/**
 * A change on the server. On success the server's message (already in the user's language) is toasted and the
 * lists it touched are refetched (spec §7: mutations clear the client cache). Failures are the caller's to show:
 * a form keeps them beside its fields, a confirmation toasts them.
 */
export function useApiMutation<TVariables, TData>({
  mutationFn,
  invalidates,
  onSuccess,
}: {
  mutationFn: (variables: TVariables) => Promise<ApiSuccess<TData>>;
  /** The queries the change touched, named once or from the change's own variables. */
  invalidates: readonly Invalidation[] | ((variables: TVariables) => readonly Invalidation[]);
  onSuccess?: (data: TData, variables: TVariables) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: async (answer, variables) => {
      onSuccess?.(answer.data, variables);
      if (answer.message) toast.success(answer.message);
      const touched = typeof invalidates === 'function' ? invalidates(variables) : invalidates;
      await Promise.all(
        touched.map((target) =>
          queryClient.invalidateQueries(
            Array.isArray(target) ? { queryKey: target } : (target as InvalidateQueryFilters),
          ),
        ),
      );
    },
  });
}
