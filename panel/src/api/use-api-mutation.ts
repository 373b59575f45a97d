import { type ApiSuccess } from '@kanat360/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/toast/toast-store';

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
  invalidates: readonly QueryKey[];
  onSuccess?: (data: TData, variables: TVariables) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: async (answer, variables) => {
      onSuccess?.(answer.data, variables);
      if (answer.message) toast.success(answer.message);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
