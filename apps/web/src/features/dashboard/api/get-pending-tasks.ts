import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingTasksResponse } from '@app/shared/schemas/dashboard.schema';
import { api } from '../../../lib/api-client.ts';

/** GET /dashboard/tasks: the children behind the Pending Tasks card. */
export function getPendingTasks(signal?: AbortSignal): Promise<PendingTasksResponse> {
  return api.get<PendingTasksResponse>('/dashboard/tasks', { signal });
}

export const pendingTasksQuery = queryOptions({ queryKey: ['dashboard', 'tasks'], queryFn: ({ signal }) => getPendingTasks(signal) });

/** Fetched only once the list is opened: most who read the overview never open it. */
export function usePendingTasks(enabled: boolean) {
  return useQuery({ ...pendingTasksQuery, enabled });
}
