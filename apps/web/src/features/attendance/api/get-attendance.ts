import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attendance, AttendanceResponse } from '@app/shared/schemas/attendance.schema';
import { api } from '../../../lib/api-client.ts';
import { attendanceKeys } from './attendance-query-keys.ts';

/** GET /attendances/{id} — the record is in `data`. */
export async function getAttendance(id: number | string, signal?: AbortSignal): Promise<Attendance> {
  const body = await api.get<AttendanceResponse>(`/attendances/${encodeURIComponent(String(id))}`, { signal });
  return body.data;
}

export function useAttendance(id: number | string | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: attendanceKeys.detail(id ?? ''), queryFn: ({ signal }) => getAttendance(id ?? '', signal) }),
    enabled: id !== undefined && id !== '',
  });
}
