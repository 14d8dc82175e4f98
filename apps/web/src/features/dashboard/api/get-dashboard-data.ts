import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface DashboardStat {
  label: string;
  value: number | string;
  icon?: string;
  color?: string;
}

export type ActivityType = 'orphan' | 'document' | 'event' | 'attendance' | 'user' | 'other';

export interface DashboardActivity {
  id: number | string;
  type: ActivityType | string;
  name: string;
  action: string;
  time: string;
  user?: { name: string } | null;
}

export interface DashboardData {
  stats: DashboardStat[];
  activities: DashboardActivity[];
}

export async function getDashboardData(): Promise<DashboardData> {
  const body = await api.get<Partial<DashboardData>>('/dashboard/data');
  return { stats: body?.stats ?? [], activities: body?.activities ?? [] };
}

export const dashboardDataQuery = queryOptions({ queryKey: ['dashboard', 'data'], queryFn: getDashboardData });

export function useDashboardData() {
  return useQuery(dashboardDataQuery);
}
