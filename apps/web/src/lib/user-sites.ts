import { useAuth } from './auth-context.tsx';

/** Every query about sites starts with this key (the sites screen's lists among them). */
export const SITES_KEY = ['sites'] as const;

export interface SiteRef {
  id: number;
  name: string;
}

/**
 * The sites the signed-in user holds (GET /auth/user: the active ones; every one for an all-sites
 * user). Screens name a child's site, and offer a site filter or choice, only where there is more
 * than one to tell apart (`several`); a user of one site sees the product as it was before sites.
 */
export function useUserSites(): { sites: readonly SiteRef[]; allSites: boolean; several: boolean } {
  const { user } = useAuth();
  const sites = user?.sites ?? [];
  return { sites, allSites: user?.all_sites ?? false, several: sites.length > 1 };
}
