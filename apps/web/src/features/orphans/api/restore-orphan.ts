import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { ORPHANS_AND_TRASH } from './orphan-query-keys.ts';

/** POST /orphans/{id}/restore — brings a child back from the trash. */
export function useRestoreOrphan() {
  return useResourceWrite(ORPHANS_AND_TRASH, (id: number) => api.post<{ message: string }>(`/orphans/${id}/restore`));
}
