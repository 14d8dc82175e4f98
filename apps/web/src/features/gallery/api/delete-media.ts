import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@app/shared/schemas/common.schema';
import { api } from '../../../lib/api-client.ts';
import { refreshGallery } from './refresh-gallery.ts';

/** DELETE /galleries/{id}. */
export function deleteMedia(id: number): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/galleries/${id}`);
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMedia, onSuccess: () => refreshGallery(queryClient) });
}
