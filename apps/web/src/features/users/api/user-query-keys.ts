import type { UserListParams } from './get-users.ts';

export const userQueryKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
};
