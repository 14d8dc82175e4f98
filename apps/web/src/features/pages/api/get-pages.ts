import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import type { PageItem } from '@app/shared/schemas/page.schema';
import { api } from '../../../lib/api-client.ts';
import { pageQueryKeys } from './page-query-keys.ts';

export interface PageListParams {
  page: number;
  search: string;
}

/** Spec section 7: the page list reads data.data and data.meta. */
export async function getPages({ page, search }: PageListParams, signal?: AbortSignal): Promise<NestedPaged<PageItem>['data']> {
  const body = await api.get<NestedPaged<PageItem>>('/pages', { params: { page, search: search.trim() }, signal });
  return body.data;
}

export function pagesQuery(params: PageListParams) {
  return queryOptions({
    queryKey: pageQueryKeys.list(params),
    queryFn: ({ signal }) => getPages(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePages(params: PageListParams) {
  return useQuery(pagesQuery(params));
}
