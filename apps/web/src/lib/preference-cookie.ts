import { PREFERENCE_COOKIE_MAX_AGE_SECONDS } from '@app/shared/preference-cookies';

/**
 * Keep a preference (language, theme) in a cookie as well as in localStorage: the server reads it
 * to render a public page as this browser will show it (decision 0038). Lax, a year, readable by
 * the page (not HttpOnly: the page writes it); Secure when the page itself came over HTTPS.
 */
export function writePreferenceCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** A cookie's value as this page sees it, if set. */
export function readPreferenceCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
