import { refreshing } from '../../../lib/record-writes.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';
import type { UserListParams } from './get-users.ts';

export const userQueryKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
};

/** /users: a user's create, update, roles or delete refreshes the users and the roles (their counts of users). */
export const USERS = refreshing('/users', userQueryKeys.all, rolesQueryKey);
