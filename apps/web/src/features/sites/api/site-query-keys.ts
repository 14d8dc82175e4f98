import { useAuth } from '../../../lib/auth-context.tsx';
import { refreshing, useResourceWrite } from '../../../lib/record-writes.ts';
import { SITES_KEY } from '../../../lib/user-sites.ts';
import type { SiteListParams } from './get-sites.ts';

export const siteQueryKeys = {
  all: SITES_KEY,
  list: (params: SiteListParams) => [...SITES_KEY, 'list', params] as const,
};

/** /sites: a change refreshes every site query. */
export const SITES = refreshing('/sites', siteQueryKeys.all);

/**
 * A site's create, update or delete: the site lists refresh, and so do the signed-in user's own
 * sites (GET /auth/user), which every other screen offers: a site just added can be given to a
 * user at once, one made inactive is no longer offered.
 */
export function useSiteWrite<I, R>(call: (input: I) => Promise<R>) {
  const { refreshUser } = useAuth();
  return useResourceWrite(SITES, async (input: I) => {
    const answer = await call(input);
    await refreshUser();
    return answer;
  });
}
