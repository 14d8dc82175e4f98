import { useEffect } from 'react';
import { useAuth } from './auth-context.tsx';
import { chooseLanguage } from './i18n.ts';

// Saving needs no i18next: a server-rendered page's language menu saves with it alone.
export { saveUserLanguage } from './user-language-save.ts';

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
