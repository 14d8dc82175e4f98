import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceData, AttendanceSavedResponse } from '@app/shared/schemas/attendance.schema';
import { api } from '../../../lib/api-client.ts';
import { attendanceKeys } from './attendance-query-keys.ts';
import { refreshAttendance } from './refresh-attendance.ts';

export interface SaveAttendanceInput {
  /** Absent: create. */
  id?: number | string;
  values: AttendanceData;
  /** When editing: the record's updated_at as the form read it (a newer save meanwhile → 409). */
  updatedAt?: string;
}

/** POST /attendances, or PUT /attendances/{id} with the read version. */
export function saveAttendance({ id, values, updatedAt }: SaveAttendanceInput): Promise<AttendanceSavedResponse> {
  if (id === undefined) return api.post<AttendanceSavedResponse>('/attendances', values);
  return api.put<AttendanceSavedResponse>(`/attendances/${encodeURIComponent(String(id))}`, updatedAt ? { ...values, updated_at: updatedAt } : values);
}

export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendance,
    onSuccess: (body) => {
      if (body?.data) queryClient.setQueryData(attendanceKeys.detail(body.data.id), body.data);
      return refreshAttendance(queryClient);
    },
  });
}
