import type { SiteCreateInput, SiteSavedResponse } from '@app/shared/schemas/sites.schema';
import { api } from '../../../lib/api-client.ts';
import { useSiteWrite } from './site-query-keys.ts';

export function useCreateSite() {
  return useSiteWrite((input: SiteCreateInput) => api.post<SiteSavedResponse>('/sites', input));
}
