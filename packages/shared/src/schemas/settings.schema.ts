import { z } from 'zod';
import { DEFAULT_ITEMS_PER_PAGE, ITEMS_PER_PAGE_OPTIONS } from '../constants.ts';
import { PUBLIC_SETTING_KEYS, SETTING_KEYS } from '../setting-keys.ts';

export const SETTINGS_MSG = {
  organizationRequired: 'Organization name is required',
  url: 'Please enter a valid URL starting with http:// or https://',
  email: 'Please enter a valid email address',
  maintenance: 'Maintenance mode must be 0 or 1.',
  itemsPerPage: 'Items per page must be one of 5, 10, 15, 25, 50.',
  updated: 'Settings updated successfully',
  retention: 'The access log retention must be a whole number of days from 1 to 36500.',
} as const;

export { PUBLIC_SETTING_KEYS, SETTING_KEYS, type SettingKey } from '../setting-keys.ts';

/** An object with a stored string under each key: the settings as they are read back. */
function stringsUnder<K extends string>(keys: readonly K[]) {
  return z.object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>);
}

/** GET /settings: every setting, stored value over the default. */
export const siteSettingsSchema = stringsUnder(SETTING_KEYS);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** GET /settings/public: the public keys only (never items_per_page or anything added later by mistake). */
export const publicSettingsSchema = stringsUnder(PUBLIC_SETTING_KEYS);
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const DEFAULT_SETTINGS: SiteSettings = {
  organization_name: 'Orphan Care Organization',
  organization_slogan: 'Relief, rehabilitation, orphan care and education',
  contact_email: '',
  contact_phone: '',
  // The office's address, shown on the public site (footer, contact page); an administrator edits it.
  address: 'Kabul, Afghanistan',
  facebook_url: '',
  twitter_url: '',
  instagram_url: '',
  youtube_url: '',
  maintenance_mode: '0',
  items_per_page: String(DEFAULT_ITEMS_PER_PAGE),
  read_log_retention_days: '730',
};

const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isHttpUrl(v), SETTINGS_MSG.url)
  .optional();

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Spec section 5, Settings: flat string values as the form sends them (multipart or JSON).
 * Only organization_name is required; a missing key keeps its stored value.
 */
export const settingsSchema = z.object({
  organization_name: z.string({ error: SETTINGS_MSG.organizationRequired }).trim().min(1, SETTINGS_MSG.organizationRequired).max(255),
  organization_slogan: z.string().trim().max(500).optional(),
  contact_email: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), SETTINGS_MSG.email)
    .optional(),
  contact_phone: z.string().trim().max(50).optional(),
  address: z.string().trim().max(500).optional(),
  facebook_url: optionalUrl,
  twitter_url: optionalUrl,
  instagram_url: optionalUrl,
  youtube_url: optionalUrl,
  maintenance_mode: z.enum(['0', '1'], { error: SETTINGS_MSG.maintenance }).optional(),
  items_per_page: z
    .enum(ITEMS_PER_PAGE_OPTIONS.map(String) as [string, ...string[]], { error: SETTINGS_MSG.itemsPerPage })
    .optional(),
  read_log_retention_days: z
    .string({ error: SETTINGS_MSG.retention })
    .trim()
    .regex(/^\d{1,5}$/, SETTINGS_MSG.retention)
    .refine((v) => Number(v) >= 1 && Number(v) <= 36_500, SETTINGS_MSG.retention)
    .transform((v) => String(Number(v)))
    .optional(),
});
export type SettingsInput = z.input<typeof settingsSchema>;

/** PUT /settings. */
export const settingsUpdatedResponseSchema = z.object({ message: z.string(), data: siteSettingsSchema });
export type SettingsUpdatedResponse = z.infer<typeof settingsUpdatedResponseSchema>;
