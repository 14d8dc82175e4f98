import { queryOptions } from '@tanstack/react-query';
import type { AttendancePage } from '@app/shared/schemas/attendance.schema';
import { api } from '../../../lib/api-client.ts';
import { attendanceKeys, type AttendanceListParams } from './attendance-query-keys.ts';

/** GET /attendances — orphan, month, year, grade, page, per_page; empty values are left out. */
export function getAttendances(params: AttendanceListParams, signal?: AbortSignal): Promise<AttendancePage> {
  return api.get<AttendancePage>('/attendances', { params: { ...params }, signal });
}

export function attendancesQuery(params: AttendanceListParams) {
  return queryOptions({ queryKey: attendanceKeys.list(params), queryFn: ({ signal }) => getAttendances(params, signal) });
}
