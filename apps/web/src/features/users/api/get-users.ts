import type { UserListResponse } from '@app/shared/schemas/user.schema';
import type { ListParams } from '../../../components/list/list-params.ts';
import { listQuery } from '../../../lib/list-query.ts';
import { userQueryKeys } from './user-query-keys.ts';

export type UserListParams = ListParams;

/** GET /users: a page of users; the page numbers are read at the top level of the answer. */
export const usersQuery = listQuery<UserListParams, UserListResponse>('/users', userQueryKeys.list);
