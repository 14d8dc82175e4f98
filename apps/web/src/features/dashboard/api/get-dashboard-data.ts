import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@app/shared/schemas/dashboard.schema';
import { api } from '../../../lib/api-client.ts';

/** GET /dashboard/data: the cards, lists, charts and Recent Activity the signed-in user may see. */
export function getDashboardData(signal?: AbortSignal): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/dashboard/data', { signal });
}

export const dashboardDataQuery = queryOptions({ queryKey: ['dashboard', 'data'], queryFn: ({ signal }) => getDashboardData(signal) });

export function useDashboardData() {
  return useQuery(dashboardDataQuery);
}
