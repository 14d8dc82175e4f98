import { useDeleteRecord } from '../../../lib/record-writes.ts';
import { ORPHANS_AND_TRASH, orphanKeys } from './orphan-query-keys.ts';

/** DELETE /orphans/{id} — moves the child to the trash; its record is dropped, the lists, trash and selector refreshed. */
export function useDeleteOrphan() {
  return useDeleteRecord({ ...ORPHANS_AND_TRASH, detail: orphanKeys.detail });
}
