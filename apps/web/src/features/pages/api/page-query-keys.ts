export const pageQueryKeys = {
  all: ['pages'] as const,
  list: (params: { page: number; search: string }) => ['pages', 'list', params] as const,
  published: (slug: string) => ['pages', 'published', slug] as const,
};
