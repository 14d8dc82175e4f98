import { useQuery } from '@tanstack/react-query';
import { PUBLIC_SETTING_KEYS } from '@app/shared/setting-keys';
import { api } from './api-client.ts';

/**
 * The organisation's public details, in one place. The header, footer, home and contact pages read
 * them through {@link useSiteInfo}: whatever GET /api/settings/public answers overrides the
 * defaults below, so an administrator can change them under System Settings without a release.
 */
export interface SiteInfo {
  organization_name: string;
  organization_slogan: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  facebook_url: string;
  twitter_url: string;
  instagram_url: string;
  youtube_url: string;
  /** Embedded office map (OpenStreetMap, centred on the Kabul office), loaded only when asked for. */
  map_embed_url: string;
}

export const DEFAULT_SITE_INFO: SiteInfo = {
  organization_name: 'Orphan Care',
  organization_slogan: 'Disaster relief, rehabilitation, orphan care and education',
  contact_email: 'info@example.org',
  contact_phone: '+93 700 000 000',
  address: 'Kabul, Afghanistan',
  facebook_url: 'https://www.facebook.com/',
  twitter_url: '',
  instagram_url: '',
  youtube_url: '',
  map_embed_url:
    'https://www.openstreetmap.org/export/embed.html?bbox=69.10%2C34.48%2C69.25%2C34.57&layer=mapnik&marker=34.5281%2C69.1723',
};

/**
 * The site details among the public settings (GET /settings/public): the shared list, less the
 * maintenance flag (lib/maintenance.ts's) and the lists' page size (components/list's).
 */
const SITE_INFO_KEYS = PUBLIC_SETTING_KEYS.filter(
  (k): k is Extract<typeof k, keyof SiteInfo> => k !== 'maintenance_mode' && k !== 'items_per_page',
);

/** Merge the public settings (a flat key/value object) over the defaults; blank values keep the default. */
export function mergeSiteInfo(answer: unknown): SiteInfo {
  const info = { ...DEFAULT_SITE_INFO };
  if (!answer || typeof answer !== 'object') return info;
  const source = answer as Record<string, unknown>;
  for (const key of SITE_INFO_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim() !== '') info[key] = value.trim();
  }
  return info;
}

/** A WhatsApp link for the phone number, the messaging channel most used in Afghanistan. */
export function messagingLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? `https://wa.me/${digits}` : null;
}

/** "Open in maps": OpenStreetMap's search for the stored address, so it follows the settings. */
export function mapSearchLink(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export const siteInfoQueryKey = ['settings', 'public'] as const;

/**
 * The raw GET /api/settings/public answer, cached once: the site details read it through
 * {@link useSiteInfo}, the maintenance gate (lib/maintenance.ts) reads its maintenance_mode.
 */
export const publicSettingsQuery = {
  queryKey: siteInfoQueryKey,
  queryFn: () => api.get<unknown>('/settings/public'),
  staleTime: 5 * 60_000,
  retry: false,
} as const;

export function useSiteInfo(): SiteInfo {
  const { data } = useQuery({ ...publicSettingsQuery, select: mergeSiteInfo });
  return data ?? DEFAULT_SITE_INFO;
}
