import type { PageInput, PageItem } from '@app/shared/schemas/page.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { PAGES } from './page-query-keys.ts';

export function useCreatePage() {
  return useResourceWrite(PAGES, (input: PageInput) => api.post<{ message?: string; data?: PageItem }>('/pages', input));
}
