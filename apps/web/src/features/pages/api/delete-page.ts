import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageQueryKeys } from './page-query-keys.ts';

export function deletePage(id: number): Promise<{ message?: string }> {
  return api.delete(`/pages/${id}`);
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageQueryKeys.all }),
  });
}
