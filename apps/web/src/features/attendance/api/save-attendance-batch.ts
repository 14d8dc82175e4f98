import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceBatch, AttendanceBatchResponse } from '@app/shared/schemas/attendance.schema';
import type { OutboxLabel } from '../../../lib/outbox/outbox-change.ts';
import { sendOrQueue, type SentOrQueued } from '../../../lib/outbox/send-or-queue.ts';
import { refreshAttendance } from './refresh-attendance.ts';

/**
 * POST /attendances/batch — a class's month in one transaction: all rows stored or none; a bad
 * row comes back as a 422 with `errors["rows.{i}.{field}"]` naming the child. Without a
 * connection the month is kept in the outbox as one change, sent later with one key.
 */
export function saveAttendanceBatch(batch: AttendanceBatch, label: OutboxLabel): Promise<SentOrQueued<AttendanceBatchResponse>> {
  return sendOrQueue<AttendanceBatchResponse>({ method: 'POST', path: '/attendances/batch', body: batch, baseVersion: null, label });
}

export function useSaveAttendanceBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    // Not paused while the browser is offline: without a connection the month goes to the outbox.
    networkMode: 'always',
    mutationFn: ({ batch, label }: { batch: AttendanceBatch; label: OutboxLabel }) => saveAttendanceBatch(batch, label),
    onSuccess: (sent) => (sent.queued ? undefined : refreshAttendance(queryClient)),
  });
}
