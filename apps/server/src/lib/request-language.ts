import type { FastifyRequest } from 'fastify';
import { isLanguage, languageFromAcceptLanguage, type Language } from '@app/shared/i18n/languages';
import { PREFERENCE_COOKIES } from '@app/shared/preference-cookies';

/**
 * The language a request is answered in: the signed-in user's stored choice when
 * there is one (`locale` on the user, kept by the profile), else what the browser asks for in
 * Accept-Language (fa, fa-AF, prs → Dari; ps → Pashto; anything else → English). The web sends
 * its current language in that header with every call, so a visitor's answers follow the
 * switcher too.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const stored = (request.user as { locale?: unknown } | null | undefined)?.locale;
  if (isLanguage(stored)) return stored;
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

/**
 * The language a public page is rendered in (decision 0038): the reader's choice in this browser
 * (the `language` cookie the switcher writes beside localStorage), else Accept-Language. A page
 * request carries no bearer token, so a signed-in user's stored language applies in the browser.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies?.[PREFERENCE_COOKIES.language];
  if (isLanguage(chosen)) return chosen;
  return languageFromAcceptLanguage(request.headers['accept-language']);
}
