import type { Paged } from '@app/shared/schemas/common.schema';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { listQuery } from '../../../lib/list-query.ts';
import { orphanKeys } from './orphan-query-keys.ts';
import type { OrphanListParams } from './orphan-types.ts';

/** GET /orphans: a page of the list, searched, filtered and sorted. */
export const orphansQuery = listQuery<OrphanListParams, Paged<OrphanListItem>>('/orphans', orphanKeys.list);
