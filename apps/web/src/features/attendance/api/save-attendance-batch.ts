import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceBatch, AttendanceBatchResponse } from '@app/shared/schemas/attendance.schema';
import { api } from '../../../lib/api-client.ts';
import { refreshAttendance } from './refresh-attendance.ts';

/**
 * POST /attendances/batch — a class's month in one transaction: all rows stored or none; a bad
 * row comes back as a 422 with `errors["rows.{i}.{field}"]` naming the child.
 */
export function saveAttendanceBatch(batch: AttendanceBatch): Promise<AttendanceBatchResponse> {
  return api.post<AttendanceBatchResponse>('/attendances/batch', batch);
}

export function useSaveAttendanceBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAttendanceBatch, onSuccess: () => refreshAttendance(queryClient) });
}
