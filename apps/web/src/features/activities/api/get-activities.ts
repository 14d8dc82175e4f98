import { queryOptions } from '@tanstack/react-query';
import type { ActivityListResponse } from '@app/shared/schemas/activity.schema';
import { api } from '../../../lib/api-client.ts';
import type { ActivityListParams } from '../components/activity-list-spec.ts';
import { activityKeys } from './activity-query-keys.ts';

/** GET /activities: one page of the log; the api client leaves empty filters out of the query. */
export function getActivities(params: ActivityListParams, signal?: AbortSignal): Promise<ActivityListResponse> {
  return api.get<ActivityListResponse>('/activities', { params: { ...params }, signal });
}

export function activitiesQuery(params: ActivityListParams) {
  return queryOptions({
    queryKey: activityKeys.list(params),
    queryFn: ({ signal }) => getActivities(params, signal),
  });
}
