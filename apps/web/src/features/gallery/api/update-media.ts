import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaSavedResponse, MediaUpdateInput } from '@app/shared/schemas/media.schema';
import { api } from '../../../lib/api-client.ts';
import { refreshGallery } from './refresh-gallery.ts';

/**
 * POST /galleries/{id} with `_method=PUT` (spec section 7). Sent as JSON, not multipart: no file
 * travels (a new file goes resumably, replace-media-file.ts), and JSON keeps an emptied
 * description or tags as '' (which clears them) where multipart would drop it.
 */
export function updateMedia({ id, input }: { id: number; input: MediaUpdateInput }): Promise<MediaSavedResponse> {
  return api.post<MediaSavedResponse>(`/galleries/${id}`, { ...input, _method: 'PUT' });
}

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMedia, onSuccess: () => refreshGallery(queryClient) });
}
