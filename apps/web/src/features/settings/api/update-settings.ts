import type { SettingsInput, SettingsUpdatedResponse } from '@app/shared/schemas/settings.schema';
import { api } from '../../../lib/api-client.ts';
import { refreshing, useResourceWrite } from '../../../lib/record-writes.ts';

/**
 * PUT /api/settings with every field as a flat key/value entry; ['settings'] also covers the
 * public settings, so the site's footer and maintenance state follow.
 */
export function useUpdateSettings() {
  return useResourceWrite(refreshing('/settings', ['settings']), (input: SettingsInput) => api.put<SettingsUpdatedResponse>('/settings', input));
}
