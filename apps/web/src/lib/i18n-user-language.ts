import { useEffect } from 'react';
import type { Language } from '@app/shared/i18n/languages';
import type { ProfileUpdatedResponse } from '@app/shared/schemas/profile.schema';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { api } from './api-client.ts';
import { useAuth } from './auth-context.tsx';
import { STORAGE_KEYS } from '@app/shared/constants';
import { chooseLanguage, holdReloadFor } from './i18n.ts';

/**
 * A signed-in user's language lives in their profile (users.locale), so it follows them to every
 * device. The profile call carries the name and e-mail as they are, which leaves both unchanged.
 */
export function saveUserLanguage(user: Pick<AuthUser, 'name' | 'email'>, locale: Language): Promise<ProfileUpdatedResponse> {
  const saved = api.put<ProfileUpdatedResponse>('/profile', { name: user.name, email: user.email, locale }).then((answer) => {
    rememberStoredLocale(locale);
    return answer;
  });
  // A server-rendered page reloads for the new language: not before the choice is stored.
  return holdReloadFor(saved);
}

/**
 * The signed-in user kept in this browser carries the new locale at once, so a page loaded next
 * (a server-rendered one reloads for the language) does not switch back to the old stored one.
 */
function rememberStoredLocale(locale: Language): void {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return;
    const user = JSON.parse(raw) as Record<string, unknown>;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, locale }));
  } catch {
    // storage unavailable or unreadable: refreshUser stores the user as the server has it
  }
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
