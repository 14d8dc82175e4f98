import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageInput, PageItem } from '@app/shared/schemas/page.schema';
import { api } from '../../../lib/api-client.ts';
import { pageQueryKeys } from './page-query-keys.ts';

export function updatePage({ id, input }: { id: number; input: PageInput }): Promise<{ message?: string; data?: PageItem }> {
  return api.put(`/pages/${id}`, input);
}

export function useUpdatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageQueryKeys.all }),
  });
}
