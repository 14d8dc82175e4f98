import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaSavedResponse, MediaUpdateInput } from '@app/shared/schemas/media.schema';
import { api } from '../../../lib/api-client.ts';
import { refreshGallery } from './refresh-gallery.ts';
import { replaceMediaFile, type ReplaceFileRequest } from './replace-media-file.ts';

/**
 * POST /galleries/{id} with `_method=PUT` (spec section 7). Without a new file it goes as JSON,
 * not multipart: JSON keeps an emptied description or tags as '' (which clears them). With one,
 * as a multipart form whose progress is reported (replace-media-file.ts).
 */
export function updateMedia({ id, input }: { id: number; input: MediaUpdateInput }): Promise<MediaSavedResponse> {
  return api.post<MediaSavedResponse>(`/galleries/${id}`, { ...input, _method: 'PUT' });
}

export type MediaUpdateRequest = { id: number; input: MediaUpdateInput } & Partial<Pick<ReplaceFileRequest, 'file' | 'onProgress' | 'signal'>>;

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal, ...update }: MediaUpdateRequest) =>
      file ? replaceMediaFile({ ...update, file, onProgress: onProgress ?? (() => {}), signal }) : updateMedia(update),
    onSuccess: () => refreshGallery(queryClient),
  });
}
