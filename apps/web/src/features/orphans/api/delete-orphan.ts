import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';

/** DELETE /orphans/{id} — moves the child to the trash. */
export function deleteOrphan(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/orphans/${id}`);
}

export function useDeleteOrphan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrphan,
    onSuccess: async (_body, id) => {
      queryClient.removeQueries({ queryKey: orphanKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orphanKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orphanKeys.trash() }),
        queryClient.invalidateQueries({ queryKey: orphanKeys.selector() }),
      ]);
    },
  });
}
