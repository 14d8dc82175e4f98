import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListResponse } from '@app/shared/schemas/user.schema';
import { api } from '../../../lib/api-client.ts';
import { userQueryKeys } from './user-query-keys.ts';

export interface UserListParams {
  page: number;
  search: string;
}

export function getUsers({ page, search }: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get<UserListResponse>('/users', { params: { page, search: search.trim() }, signal });
}

export function usersQuery(params: UserListParams) {
  return queryOptions({
    queryKey: userQueryKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // Keep the current rows on screen while the next page loads (slow links).
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(usersQuery(params));
}
