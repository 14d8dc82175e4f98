import { useMutation } from '@tanstack/react-query';
import type { CalendarName } from '@app/shared/constants';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { ProfileUpdatedResponse } from '@app/shared/schemas/profile.schema';
import { api } from '../../../lib/api-client.ts';

/**
 * Save the user's calendar (PUT /profile). The profile update needs the name and e-mail; they
 * are sent as they are stored, so nothing else changes (an unchanged e-mail needs no password).
 */
export function updateCalendar(user: Pick<AuthUser, 'name' | 'email'>, calendar: CalendarName): Promise<ProfileUpdatedResponse> {
  return api.put<ProfileUpdatedResponse>('/profile', { name: user.name, email: user.email, calendar });
}

export function useUpdateCalendar() {
  return useMutation({ mutationFn: ({ user, calendar }: { user: Pick<AuthUser, 'name' | 'email'>; calendar: CalendarName }) => updateCalendar(user, calendar) });
}
