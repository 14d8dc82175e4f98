import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordResource, RecordSave } from '../record-writes.ts';
import type { NewChange, OutboxLabel } from './outbox-change.ts';
import { sendOrQueue, type SentOrQueued } from './send-or-queue.ts';

/** A record form's save that may be kept on this phone: what it is, for the outbox's list. */
export interface QueueableSave<V> extends RecordSave<V> {
  label: OutboxLabel;
}

/** POST {path}, or PUT {path}/{id} with the version read — as a change the outbox can keep. */
export function recordChange<V extends object>(path: string, { id, values, updatedAt, label }: QueueableSave<V>): NewChange {
  const body = values as Record<string, unknown>;
  if (id === undefined) return { method: 'POST', path, body, baseVersion: null, label };
  return { method: 'PUT', path: `${path}/${encodeURIComponent(String(id))}`, body: updatedAt ? { ...body, updated_at: updatedAt } : body, baseVersion: updatedAt ?? null, label };
}

/**
 * useSaveRecord's twin for the records a teacher enters without a connection (attendance,
 * results): sent now, or kept in the outbox; a saved one is kept as the record's answer and the
 * lists refreshed, a queued one changes nothing shown until it is sent.
 */
export function useSaveRecordOrQueue<V extends object, R extends { data?: { id: number } }>(resource: RecordResource) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not paused while the browser is offline: without a connection the change goes to the outbox.
    networkMode: 'always',
    mutationFn: (input: QueueableSave<V>): Promise<SentOrQueued<R>> => sendOrQueue<R>(recordChange(resource.path, input)),
    onSuccess: (sent) => {
      if (sent.queued) return;
      if (sent.answer?.data && resource.detail) queryClient.setQueryData(resource.detail(sent.answer.data.id), sent.answer.data);
      return resource.refresh(queryClient);
    },
  });
}
