import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { MediaUpdateInput } from '@app/shared/schemas/media.schema';
import type { ApiError } from '../../../lib/api-client.ts';
import { refreshGallery } from './refresh-gallery.ts';
import { uploadMedia, type MediaUploadHandle } from './upload-media.ts';

export interface ReplaceFileProgress {
  /** Bytes the server has of the new file. */
  onProgress: (sent: number) => void;
  /** The link dropped; tries continue and the upload resumes where it stopped. */
  onStalled: () => void;
}

/**
 * The edit form's "Replace file": the new file goes resumably, as an upload does (tus, with
 * `replaces` and the edited fields; the server checks both before a byte is sent and replaces the
 * file and the fields together at the end), so a large video on a dropping link does not start
 * over. Resolves once the item has its new file, rejects with the server's refusal. Closing the
 * form stops the upload and discards what was sent; the item keeps its old file.
 */
export function useReplaceMediaFile() {
  const queryClient = useQueryClient();
  const current = useRef<MediaUploadHandle | null>(null);
  useEffect(() => () => current.current?.cancel(true), []);

  return useCallback(
    (id: number, input: MediaUpdateInput, file: File, progress: ReplaceFileProgress) =>
      new Promise<void>((resolve, reject) => {
        current.current = uploadMedia(
          file,
          { ...input, replaces: id },
          {
            onProgress: progress.onProgress,
            onStalled: progress.onStalled,
            onSuccess: () => {
              current.current = null;
              void refreshGallery(queryClient);
              resolve();
            },
            onError: (error: ApiError) => {
              current.current = null;
              reject(error);
            },
          },
        );
      }),
    [queryClient],
  );
}
