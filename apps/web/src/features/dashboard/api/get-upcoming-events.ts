import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpcomingEventsResponse } from '@app/shared/schemas/dashboard.schema';
import { api } from '../../../lib/api-client.ts';

/** GET /dashboard/events: the list behind the Upcoming Events card, soonest first. */
export function getUpcomingEvents(signal?: AbortSignal): Promise<UpcomingEventsResponse> {
  return api.get<UpcomingEventsResponse>('/dashboard/events', { signal });
}

export const upcomingEventsQuery = queryOptions({ queryKey: ['dashboard', 'events'], queryFn: ({ signal }) => getUpcomingEvents(signal) });

/** Fetched only once the list is opened: most who read the overview never open it. */
export function useUpcomingEvents(enabled: boolean) {
  return useQuery({ ...upcomingEventsQuery, enabled });
}
