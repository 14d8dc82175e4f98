import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, SETTING_KEYS, type SiteSettings } from '@app/shared/schemas/settings.schema';
import { api } from '../../../lib/api-client.ts';

/** GET /api/settings: a flat key/value object. Missing keys take their defaults; values become strings. */
export async function getSettings(): Promise<SiteSettings> {
  const body = await api.get<Partial<Record<string, unknown>>>('/settings');
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    const value = body[key];
    if (value !== undefined && value !== null) settings[key] = String(value);
  }
  return settings;
}

export const settingsQuery = queryOptions({ queryKey: ['settings', 'all'], queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQuery);
}
