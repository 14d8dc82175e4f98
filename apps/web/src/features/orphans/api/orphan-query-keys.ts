import { ORPHAN_OPTIONS_KEY } from '../../../lib/orphan-options-query.ts';
import { recordKeys } from '../../../lib/record-keys.ts';
import { refreshing } from '../../../lib/record-writes.ts';
import type { OrphanListParams } from './orphan-types.ts';

/**
 * Query keys of the orphan feature, in one place so that invalidation after a save or delete
 * reaches every list page and filter combination (all start with `orphanKeys.lists()`).
 */
export const orphanKeys = {
  ...recordKeys<OrphanListParams>('orphans'),
  trash: () => ['orphans', 'trash'] as const,
  trashList: (params: { page: number; per_page: number; search?: string }) => ['orphans', 'trash', params] as const,
  /** A child's moves between sites. */
  transfers: (id: number | string) => ['orphans', 'transfers', String(id)] as const,
  /** The selector list other features read (lib/orphan-options-query.ts). */
  selector: () => ORPHAN_OPTIONS_KEY,
};

/** A child added, deleted or restored: the list pages, the trash and the selector other features read. */
export const ORPHANS_AND_TRASH = refreshing('/orphans', orphanKeys.lists(), orphanKeys.trash(), orphanKeys.selector());
