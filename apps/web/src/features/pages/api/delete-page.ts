import { useDeleteRecord } from '../../../lib/record-writes.ts';
import { PAGES } from './page-query-keys.ts';

/** DELETE /pages/{id}; then every page query is refreshed. */
export function useDeletePage() {
  return useDeleteRecord(PAGES);
}
