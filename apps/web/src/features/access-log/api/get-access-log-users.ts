import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadLogUsersResponse } from '@app/shared/schemas/read-log.schema';
import { api } from '../../../lib/api-client.ts';
import { accessLogKeys } from './access-log-query-keys.ts';

/** GET /access-log/users: the people the access log can be filtered by (id and name). */
export function getAccessLogUsers(signal?: AbortSignal): Promise<ReadLogUsersResponse['data']> {
  return api.get<ReadLogUsersResponse>('/access-log/users', { signal }).then((body) => body.data);
}

export function useAccessLogUsers() {
  // Staff come and go rarely: a minute is fresh enough for a filter.
  return useQuery(queryOptions({ queryKey: accessLogKeys.users(), queryFn: ({ signal }) => getAccessLogUsers(signal), staleTime: 60_000 }));
}
