import { isLanguage, type Language } from '@app/shared/i18n/languages';
import type { ProfileUpdatedResponse } from '@app/shared/schemas/profile.schema';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { api } from './api-client.ts';
import { applyLanguageChoice, holdReloadFor } from './language.ts';
import { readStoredUserJson, storeUserJson } from './stored-session.ts';

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
    const raw = readStoredUserJson();
    if (!raw) return;
    const user = JSON.parse(raw) as Record<string, unknown>;
    storeUserJson(JSON.stringify({ ...user, locale }));
  } catch {
    // storage unavailable or unreadable: refreshUser stores the user as the server has it
  }
}

/**
 * A language chosen in a language menu (the dashboard's switcher, a public page's header): shown
 * (in place in the app, by loading a server-rendered page again) and kept in a signed-in user's
 * profile; `saveFailed` gives the text said when the profile could not keep it.
 */
export async function chooseLanguageFromMenu(
  value: string,
  current: Language,
  { user, refreshUser }: { user: AuthUser | null; refreshUser: () => Promise<void> },
  saveFailed: () => string,
): Promise<void> {
  if (!isLanguage(value) || value === current) return;
  await applyLanguageChoice(value);
  if (!user || user.locale === value) return;
  try {
    await saveUserLanguage(user, value);
    await refreshUser();
  } catch {
    // sonner on demand: a public page's header keeps it out of the page's first load.
    const { toast } = await import('sonner');
    toast.error(saveFailed());
  }
}
