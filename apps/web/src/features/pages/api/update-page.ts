import type { PageInput, PageItem } from '@app/shared/schemas/page.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { PAGES } from './page-query-keys.ts';

export function useUpdatePage() {
  return useResourceWrite(PAGES, ({ id, input }: { id: number; input: PageInput }) => api.put<{ message?: string; data?: PageItem }>(`/pages/${id}`, input));
}
