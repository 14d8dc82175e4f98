import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageItem } from '@app/shared/schemas/page.schema';
import { api, isApiError } from '../../../lib/api-client.ts';
import { pageQueryKeys } from './page-query-keys.ts';

/** GET /api/pages/published/{slug}: the page, or null when it does not exist or is a draft (404). */
export async function getPublishedPage(slug: string, signal?: AbortSignal): Promise<PageItem | null> {
  try {
    const body = await api.get<{ data: PageItem }>(`/pages/published/${encodeURIComponent(slug)}`, { signal });
    return body?.data ?? null;
  } catch (err) {
    if (isApiError(err) && err.status === 404) return null;
    throw err;
  }
}

export function publishedPageQuery(slug: string) {
  return queryOptions({
    queryKey: pageQueryKeys.published(slug),
    queryFn: ({ signal }) => getPublishedPage(slug, signal),
  });
}

export function usePublishedPage(slug: string) {
  return useQuery(publishedPageQuery(slug));
}
