import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@app/shared/schemas/common.schema';
import { api } from '../../../lib/api-client.ts';
import { resultKeys } from './result-query-keys.ts';

/** DELETE /results/{id}. */
export function deleteResult(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/results/${id}`);
}

/** Spec section 4: after a confirmed delete the list is refreshed. */
export function useDeleteResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResult,
    onSuccess: (_body, id) => {
      queryClient.removeQueries({ queryKey: resultKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: resultKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: resultKeys.summaries() }),
      ]);
    },
  });
}
