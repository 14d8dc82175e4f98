import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@app/shared/schemas/common.schema';
import { api } from '../../../lib/api-client.ts';
import { attendanceKeys } from './attendance-query-keys.ts';
import { refreshAttendance } from './refresh-attendance.ts';

/** DELETE /attendances/{id}. */
export function deleteAttendance(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/attendances/${id}`);
}

export function useDeleteAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttendance,
    onSuccess: (_body, id) => {
      queryClient.removeQueries({ queryKey: attendanceKeys.detail(id) });
      return refreshAttendance(queryClient);
    },
  });
}
