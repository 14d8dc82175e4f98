export const userQueryKeys = {
  all: ['users'] as const,
  list: (params: { page: number; search: string }) => ['users', 'list', params] as const,
};
