import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageInput, PageItem } from '@app/shared/schemas/page.schema';
import { api } from '../../../lib/api-client.ts';
import { pageQueryKeys } from './page-query-keys.ts';

export function createPage(input: PageInput): Promise<{ message?: string; data?: PageItem }> {
  return api.post('/pages', input);
}

export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPage,
    // Also refreshes the published list the footer links read.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageQueryKeys.all }),
  });
}
