import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@app/shared/schemas/dashboard.schema';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /dashboard/data: the cards, lists, charts and Recent Activity the signed-in user may see, of
 * one of their sites (`site`, a site id) or, by default (''), of all of them.
 */
export function getDashboardData(site: string, signal?: AbortSignal): Promise<DashboardResponse> {
  // The api client leaves an empty site out.
  return api.get<DashboardResponse>('/dashboard/data', { params: { site_id: site }, signal });
}

export function dashboardDataQuery(site: string) {
  return queryOptions({ queryKey: ['dashboard', 'data', site], queryFn: ({ signal }) => getDashboardData(site, signal) });
}

/** The overview keeps the figures shown while another site's arrive. */
export function useDashboardData(site: string) {
  return useQuery({ ...dashboardDataQuery(site), placeholderData: keepPreviousData });
}
