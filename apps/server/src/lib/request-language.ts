import type { FastifyRequest } from 'fastify';
import { isLanguage, languageFromAcceptLanguage, type Language } from '@app/shared/i18n/languages';

/**
 * The language a request is answered in (issue 16): the signed-in user's stored choice when
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
