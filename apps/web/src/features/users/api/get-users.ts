import { queryOptions } from '@tanstack/react-query';
import type { UserListResponse } from '@app/shared/schemas/user.schema';
import type { ListParams } from '../../../components/list/list-params.ts';
import { api } from '../../../lib/api-client.ts';
import { userQueryKeys } from './user-query-keys.ts';

export type UserListParams = ListParams;

/** GET /users: a page of users; the page numbers are read at the top level of the answer. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get<UserListResponse>('/users', { params: { ...params }, signal });
}

export function usersQuery(params: UserListParams) {
  return queryOptions({
    queryKey: userQueryKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
  });
}
