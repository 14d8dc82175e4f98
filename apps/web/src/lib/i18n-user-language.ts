import { useEffect } from 'react';
import type { Language } from '@app/shared/i18n/languages';
import type { ProfileUpdatedResponse } from '@app/shared/schemas/profile.schema';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { api } from './api-client.ts';
import { useAuth } from './auth-context.tsx';
import { chooseLanguage } from './i18n.ts';

/**
 * A signed-in user's language lives in their profile (users.locale), so it follows them to every
 * device. The profile call carries the name and e-mail as they are, which leaves both unchanged.
 */
export function saveUserLanguage(user: Pick<AuthUser, 'name' | 'email'>, locale: Language): Promise<ProfileUpdatedResponse> {
  return api.put<ProfileUpdatedResponse>('/profile', { name: user.name, email: user.email, locale });
}

/**
 * Which user's stored language was applied last. Module-wide rather than per component: a switcher
 * mounting later (another header, the profile page) must not switch back to a stored language the
 * reader has just changed on this device and is still saving.
 */
let appliedFor: string | null = null;

/**
 * After sign-in (and on a reload while signed in) the app switches to the language the user
 * stored; a user who never chose one keeps the language on screen.
 */
export function useUserLanguage(): void {
  const { user } = useAuth();
  const locale = user?.locale ?? null;
  const key = user && locale ? `${user.id}:${locale}` : null;
  useEffect(() => {
    if (!key || !locale || key === appliedFor) return;
    appliedFor = key;
    void chooseLanguage(locale);
  }, [key, locale]);
}
