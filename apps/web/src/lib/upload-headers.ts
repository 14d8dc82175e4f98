import { CSRF_HEADER, csrfToken, getStoredToken } from './api-client.ts';
import { currentLanguage } from './i18n.ts';

/**
 * The headers the API client sends, for uploads that go past it (the gallery's resumable ones
 * through tus-js-client, an import's file sent with its progress): the sign-in, the CSRF token,
 * and the language on screen, so refusals come in it. Read at each request: a sign-in or CSRF
 * cookie renewed mid-upload is used.
 */
export function uploadHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': currentLanguage() };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = csrfToken();
  if (xsrf) headers[CSRF_HEADER] = xsrf;
  return headers;
}
