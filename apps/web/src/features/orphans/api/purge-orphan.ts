import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';

/** DELETE /orphans/{id}/purge — removes a trashed child for good (administrators only). */
export function purgeOrphan(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/orphans/${id}/purge`);
}

export function usePurgeOrphan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeOrphan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orphanKeys.trash() }),
  });
}
