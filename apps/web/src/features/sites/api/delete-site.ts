import type { MessageResponse } from '@app/shared/schemas/common.schema';
import { api } from '../../../lib/api-client.ts';
import { useSiteWrite } from './site-query-keys.ts';

/** DELETE /sites/{id}; a site with children or users is refused (422, its message says why). */
export function useDeleteSite() {
  return useSiteWrite((id: number) => api.delete<MessageResponse>(`/sites/${id}`));
}
