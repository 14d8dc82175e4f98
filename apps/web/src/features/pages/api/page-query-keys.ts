import type { PageListParams } from './get-pages.ts';

export const pageQueryKeys = {
  all: ['pages'] as const,
  list: (params: PageListParams) => ['pages', 'list', params] as const,
  published: (slug: string) => ['pages', 'published', slug] as const,
};
