import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityUsersResponse } from '@app/shared/schemas/activity.schema';
import { api } from '../../../lib/api-client.ts';
import { activityKeys } from './activity-query-keys.ts';

/** GET /activities/users: the people the log can be filtered by (id and name). */
export function getActivityUsers(signal?: AbortSignal): Promise<ActivityUsersResponse['data']> {
  return api.get<ActivityUsersResponse>('/activities/users', { signal }).then((body) => body.data);
}

export function activityUsersQuery() {
  return queryOptions({
    queryKey: activityKeys.users(),
    queryFn: ({ signal }) => getActivityUsers(signal),
    // Staff come and go rarely: a minute is fresh enough for a filter.
    staleTime: 60_000,
  });
}

export function useActivityUsers() {
  return useQuery(activityUsersQuery());
}
