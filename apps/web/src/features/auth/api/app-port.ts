import { intlLocale } from '@app/shared/intl-locale';

/**
 * The port the app was really loaded from, for the login's "make sure the backend is running on
 * port …" messages (spec section 8 names 8000, the default; PORT may move it, and a proxy may put it
 * on 80 or 443). One origin serves the page and the API, so the page's own port is the server's.
 * Written in the reader's digits (Dari and Pashto: ۸۰۰۰), without grouping.
 */
export function appPort(location: Pick<Location, 'port' | 'protocol'> = window.location, language = 'en'): string {
  const port = location.port ? Number(location.port) : location.protocol === 'https:' ? 443 : 80;
  return new Intl.NumberFormat(intlLocale(language), { useGrouping: false }).format(port);
}
