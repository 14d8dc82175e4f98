/*
 * The settings' key lists, apart from their zod schemas (schemas/settings.schema.ts) so the public
 * pages can read them without bringing zod into their first load (e2e/build-budget.e2e.ts).
 */

/** Every key the settings store knows (spec section 3, Site settings). Others are ignored. */
export const SETTING_KEYS = [
  'organization_name',
  'organization_slogan',
  'contact_email',
  'contact_phone',
  'address',
  'facebook_url',
  'twitter_url',
  'instagram_url',
  'youtube_url',
  'maintenance_mode',
  'items_per_page',
  // Days the access log keeps a line (modules/read-log); not public.
  'read_log_retention_days',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * The keys anyone may read (GET /settings/public): none is private, and the lists of every
 * signed-in user open at `items_per_page`, whatever their permissions.
 */
export const PUBLIC_SETTING_KEYS = SETTING_KEYS.filter((k): k is Exclude<SettingKey, 'read_log_retention_days'> => k !== 'read_log_retention_days');
