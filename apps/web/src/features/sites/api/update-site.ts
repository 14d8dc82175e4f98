import type { SiteSavedResponse, SiteUpdateInput } from '@app/shared/schemas/sites.schema';
import { api } from '../../../lib/api-client.ts';
import { useSiteWrite } from './site-query-keys.ts';

/** PUT /sites/{id} with the version the form read: a newer save meanwhile is refused (409). */
export function useUpdateSite() {
  return useSiteWrite(({ id, input }: { id: number; input: SiteUpdateInput }) => api.put<SiteSavedResponse>(`/sites/${id}`, input));
}
