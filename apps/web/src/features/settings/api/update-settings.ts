import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsInput, SettingsUpdatedResponse } from '@app/shared/schemas/settings.schema';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/settings with every field as a flat key/value entry. */
export function updateSettings(input: SettingsInput): Promise<SettingsUpdatedResponse> {
  return api.put<SettingsUpdatedResponse>('/settings', input);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // ['settings'] also covers the public settings: the site's footer and maintenance state follow.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings'] }),
  });
}
