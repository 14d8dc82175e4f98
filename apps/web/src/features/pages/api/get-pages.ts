import type { NestedPaged } from '@app/shared/schemas/list.schema';
import type { PageItem } from '@app/shared/schemas/page.schema';
import type { ListParams } from '../../../components/list/list-params.ts';
import { listQuery } from '../../../lib/list-query.ts';
import { pageQueryKeys } from './page-query-keys.ts';

export type PageListParams = ListParams;

/** Spec section 7: the page list reads data.data and data.meta. */
export const pagesQuery = listQuery<PageListParams, NestedPaged<PageItem>, NestedPaged<PageItem>['data']>('/pages', pageQueryKeys.list, (body) => body.data);
