import { api } from '../../../lib/api-client.ts';
import { refreshing, useResourceWrite } from '../../../lib/record-writes.ts';
import { orphanKeys } from './orphan-query-keys.ts';

/** DELETE /orphans/{id}/purge — removes a trashed child for good (administrators only); then the trash is refreshed. */
export function usePurgeOrphan() {
  return useResourceWrite(refreshing('/orphans', orphanKeys.trash()), (id: number) => api.delete<{ message: string }>(`/orphans/${id}/purge`));
}
