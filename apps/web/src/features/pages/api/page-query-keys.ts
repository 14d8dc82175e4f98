import { refreshing } from '../../../lib/record-writes.ts';
import type { PageListParams } from './get-pages.ts';

export const pageQueryKeys = {
  all: ['pages'] as const,
  list: (params: PageListParams) => ['pages', 'list', params] as const,
  published: (slug: string) => ['pages', 'published', slug] as const,
};

/** /pages: a change refreshes every page query, the published ones the footer links read too. */
export const PAGES = refreshing('/pages', pageQueryKeys.all);
