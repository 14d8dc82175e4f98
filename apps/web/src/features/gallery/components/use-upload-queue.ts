import { useCallback, useEffect, useRef, useState } from 'react';
import { MEDIA_FILE_FIELD, type MediaUploadInput } from '@app/shared/schemas/media.schema';
import type { ApiError } from '../../../lib/api-client.ts';
import { uploadMedia, type MediaUploadHandle } from '../api/upload-media.ts';
import { addSample, rateOf, type TransferRate, type TransferSample } from './transfer-rate.ts';
import { addFiles } from './upload-rules.ts';

export type UploadState = 'waiting' | 'uploading' | 'stalled' | 'done' | 'failed' | 'cancelled';

export interface QueuedUpload {
  key: string;
  file: File;
  state: UploadState;
  sent: number;
  error?: ApiError;
  /** The item it became, once done. */
  mediaId?: number | null;
  /** What the server said of the kept file, once done (a document kept with its properties). */
  notice?: string | null;
}

/** How a run ended: every file settled, or stopped at a refusal the form must show (a 422). */
export type RunOutcome = { done: number; failed: number; stoppedBy?: ApiError };

let nextKey = 0;

/** A refusal naming any field but the file: the form is at fault, not this file. */
export function refusesTheForm(error: ApiError): boolean {
  return !!error.errors && Object.keys(error.errors).some((field) => field !== MEDIA_FILE_FIELD);
}

/**
 * The files of the upload page and their uploads, one after another (on a slow link two at once
 * only make both slower, and the first finishes later). Each file keeps its progress, speed and
 * time left; it can be cancelled alone, or all at once. Leaving the page stops the uploads without
 * discarding them, so choosing the same files again resumes them.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const [running, setRunning] = useState(false);
  const [now, setNow] = useState(() => performance.now());
  const handles = useRef(new Map<string, { handle: MediaUploadHandle; settle: (r: 'cancelled') => void }>());
  const samples = useRef(new Map<string, TransferSample[]>());
  const stopAll = useRef(false);

  const patch = useCallback((key: string, change: Partial<QueuedUpload>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Speeds fall while the link is silent: recompute them every second while anything is sending.
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  useEffect(
    () => () => {
      for (const { handle } of handles.current.values()) handle.cancel(false);
    },
    [],
  );

  const add = useCallback((files: readonly File[]) => {
    setItems((list) => {
      const kept = addFiles(
        list.map((i) => i.file),
        files,
      );
      const known = new Map(list.map((i) => [i.file, i]));
      return kept.map((file) => known.get(file) ?? { key: `u${(nextKey += 1)}`, file, state: 'waiting' as const, sent: 0 });
    });
  }, []);

  const remove = useCallback((key: string) => setItems((list) => list.filter((i) => i.key !== key || i.state === 'uploading' || i.state === 'stalled')), []);

  const sendOne = (item: QueuedUpload, fields: MediaUploadInput) =>
    new Promise<'done' | 'cancelled' | ApiError>((resolve) => {
      samples.current.set(item.key, []);
      patch(item.key, { state: 'uploading', sent: 0, error: undefined });
      const handle = uploadMedia(item.file, fields, {
        onProgress: (sent) => {
          samples.current.set(item.key, addSample(samples.current.get(item.key) ?? [], { at: performance.now(), bytes: sent }));
          patch(item.key, { state: 'uploading', sent });
        },
        onStalled: () => patch(item.key, { state: 'stalled' }),
        onSuccess: (mediaId, notice) => {
          patch(item.key, { state: 'done', sent: item.file.size, mediaId, notice });
          resolve('done');
        },
        onError: (error) => {
          patch(item.key, { state: 'failed', error });
          resolve(error);
        },
      });
      handles.current.set(item.key, { handle, settle: resolve });
    }).finally(() => handles.current.delete(item.key));

  /** Send every file not yet sent (waiting or failed), with the fields `fieldsFor` gives each. */
  const run = async (fieldsFor: (file: File, index: number, count: number) => MediaUploadInput): Promise<RunOutcome> => {
    stopAll.current = false;
    setRunning(true);
    const all = items;
    let done = all.filter((i) => i.state === 'done').length;
    let failed = 0;
    try {
      for (const [index, item] of all.entries()) {
        if (stopAll.current) break;
        if (item.state !== 'waiting' && item.state !== 'failed') continue;
        const result = await sendOne(item, fieldsFor(item.file, index, all.length));
        if (result === 'done') done += 1;
        else if (result !== 'cancelled') {
          failed += 1;
          // The form's fields are refused: every other file would be refused the same way. A
          // refusal of this file alone (its kind, size or content) is marked on it, and the rest go on.
          if (refusesTheForm(result)) return { done, failed, stoppedBy: result };
        }
      }
      return { done, failed };
    } finally {
      setRunning(false);
    }
  };

  /** Stop one file's upload and discard what the server has of it. */
  const cancel = useCallback(
    (key: string) => {
      const current = handles.current.get(key);
      current?.handle.cancel(true);
      current?.settle('cancelled');
      patch(key, { state: 'cancelled' });
    },
    [patch],
  );

  const cancelAll = useCallback(() => {
    stopAll.current = true;
    for (const key of [...handles.current.keys()]) cancel(key);
  }, [cancel]);

  const rate = (item: QueuedUpload): TransferRate => rateOf(samples.current.get(item.key) ?? [], item.file.size, now);

  return { items, running, add, remove, run, cancel, cancelAll, rate };
}
