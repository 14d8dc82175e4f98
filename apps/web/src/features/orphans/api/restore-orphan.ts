import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';

/** POST /orphans/{id}/restore — brings a child back from the trash. */
export function restoreOrphan(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/orphans/${id}/restore`);
}

export function useRestoreOrphan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreOrphan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orphanKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orphanKeys.trash() }),
        queryClient.invalidateQueries({ queryKey: orphanKeys.selector() }),
      ]),
  });
}
