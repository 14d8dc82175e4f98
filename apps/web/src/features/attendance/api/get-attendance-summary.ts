import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceSummaryResponse } from '@app/shared/schemas/attendance.schema';
import { api } from '../../../lib/api-client.ts';
import { attendanceKeys } from './attendance-query-keys.ts';

export type AttendanceSummary = AttendanceSummaryResponse['data'];

/** GET /orphans/{id}/attendance-summary — per month the counts and rate, per year the totals. */
export async function getAttendanceSummary(orphanId: number | string, signal?: AbortSignal): Promise<AttendanceSummary> {
  const body = await api.get<AttendanceSummaryResponse>(`/orphans/${encodeURIComponent(String(orphanId))}/attendance-summary`, { signal });
  return body.data;
}

export function useAttendanceSummary(orphanId: number | string) {
  return useQuery(queryOptions({ queryKey: attendanceKeys.summary(orphanId), queryFn: ({ signal }) => getAttendanceSummary(orphanId, signal) }));
}
