import { queryOptions } from '@tanstack/react-query';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import type { PageItem } from '@app/shared/schemas/page.schema';
import type { ListParams } from '../../../components/list/list-params.ts';
import { api } from '../../../lib/api-client.ts';
import { pageQueryKeys } from './page-query-keys.ts';

export type PageListParams = ListParams;

/** Spec section 7: the page list reads data.data and data.meta. */
export async function getPages(params: PageListParams, signal?: AbortSignal): Promise<NestedPaged<PageItem>['data']> {
  const body = await api.get<NestedPaged<PageItem>>('/pages', { params: { ...params }, signal });
  return body.data;
}

export function pagesQuery(params: PageListParams) {
  return queryOptions({
    queryKey: pageQueryKeys.list(params),
    queryFn: ({ signal }) => getPages(params, signal),
  });
}
