import type { Paged } from '@app/shared/schemas/common.schema';
import type { TrashedOrphanListItem } from '@app/shared/schemas/orphan.schema';
import { listQuery } from '../../../lib/list-query.ts';
import { orphanKeys } from './orphan-query-keys.ts';

export interface OrphanTrashParams {
  page: number;
  per_page: number;
  search?: string;
}

/** GET /orphans/trash — children moved to the trash, paged. */
export const orphanTrashQuery = listQuery<OrphanTrashParams, Paged<TrashedOrphanListItem>>('/orphans/trash', orphanKeys.trashList);
