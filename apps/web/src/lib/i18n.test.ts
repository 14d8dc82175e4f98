import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { api } from './api-client.ts';
import { browserLanguage, chooseLanguage, directionFor, i18n, initialLanguage, missingKeys } from './i18n.ts';
import { stubServer } from '../test/render.tsx';
import { readPreferenceCookie } from './preference-cookie.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('the starting language', () => {
  it("follows the browser's languages: fa, fa-AF and prs are Dari, ps is Pashto, anything else English", () => {
    expect(browserLanguage(['fa'])).toBe('fa-AF');
    expect(browserLanguage(['fa-AF', 'en'])).toBe('fa-AF');
    expect(browserLanguage(['prs'])).toBe('fa-AF');
    expect(browserLanguage(['ps'])).toBe('ps-AF');
    expect(browserLanguage(['ps-AF'])).toBe('ps-AF');
    expect(browserLanguage(['de-DE', 'ps'])).toBe('ps-AF'); // the first of the reader's languages we have
    expect(browserLanguage(['de-DE', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('prefers a language chosen earlier in this browser, and ignores a stored value that is not ours', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'ps-AF');
    expect(initialLanguage()).toBe('ps-AF');
    localStorage.setItem(STORAGE_KEYS.language, 'klingon');
    expect(initialLanguage()).toBe(browserLanguage());
  });

  it('writes Dari and Pashto right to left', () => {
    expect(directionFor('fa-AF')).toBe('rtl');
    expect(directionFor('ps-AF')).toBe('rtl');
    expect(directionFor('en')).toBe('ltr');
  });
});

describe('choosing a language', () => {
  it("loads the language's texts on demand, sets <html lang dir>, and remembers the choice", async () => {
    expect(i18n.hasResourceBundle('ps-AF', 'common')).toBe(false); // not part of the first download
    await chooseLanguage('ps-AF');
    expect(i18n.t('nav.home')).toBe('کور');
    expect(i18n.t('nav', { ns: 'orphans' })).toBe('یتیمان');
    expect(document.documentElement.lang).toBe('ps-AF');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ps-AF');
    // And in a cookie, which the server reads to render its public pages in it (decision 0038).
    expect(readPreferenceCookie('language')).toBe('ps-AF');

    await chooseLanguage('fa-AF');
    expect(i18n.t('nav.about')).toBe('درباره ما');
    // Plural forms follow the language's rules, and a number put into a text is in its digits
    // (one digit system per language), ungrouped as i18next writes it (a year is 1405, not 1,405).
    expect(i18n.t('roles.permissionCount', { ns: 'admin', count: 3 })).toBe('۳ اجازه');
    expect(i18n.t('roles.permissionCount', { ns: 'admin', count: 1405 })).toBe('۱۴۰۵ اجازه');

    await chooseLanguage('en');
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('roles.permissionCount', { ns: 'admin', count: 2026 })).toBe('2026 permissions');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('asks the server to answer in the language on screen', async () => {
    const fetchMock = stubServer(null, () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await chooseLanguage('fa-AF');
    await api.get('/settings/public');
    await chooseLanguage('en');
    await api.get('/settings/public');
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Accept-Language']);
    expect(sent).toEqual(['fa-AF', 'en']);
  });

  it('reports a key English does not have instead of passing it by silently', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const untyped = i18n.t.bind(i18n) as unknown as (key: string) => string; // the typed t refuses unknown keys at compile time
    untyped('nav.noSuchKey');
    expect(missingKeys.has('common:nav.noSuchKey')).toBe(true);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('common:nav.noSuchKey'));
  });
});
