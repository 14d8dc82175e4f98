import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { apiCall } from './support/api.ts';
import { DASHBOARD_ROUTE_PATHS, fillRoute } from './support/app-routes.ts';
import { seedScreenData, type ScreenData } from './support/screen-data.ts';
import { settle, visit } from './support/settle.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * One digit system per language: every number a Dari or Pashto reader sees on a dashboard screen
 * (cards, tables, charts, paginators, counts, ids, dates, the values in number fields) is written
 * in Persian digits. Only what a person typed as text (names, notes, e-mail addresses: shown
 * with dir="auto" or left to right as written) keeps the digits it was typed with. And a reader
 * who chose the Solar Hijri calendar sees no Gregorian month or year, nor Intl's Iranian month
 * names, on any screen.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
let data: ScreenData;

beforeAll(async () => {
  data = await seedScreenData(app.page);
});

function dashboardUrl(route: string): string {
  const path = `/dashboard${route ? `/${fillRoute(route, data.routeParams)}` : ''}`;
  return route.startsWith('gallery') ? `${path}?orphan_id=${data.orphanId}` : path;
}

/** The Latin digits on the screen, each with the text around it, leaving out text kept as typed. */
const latinDigits = () =>
  app.page.locator('main').evaluate((main, typedName) => {
    const copy = main.cloneNode(true) as HTMLElement;
    // Kept as typed: names, notes, subjects (dir="auto"), addresses and codes written left to right.
    copy.querySelectorAll('[dir="auto"], [dir="ltr"], input:not([inputmode]), textarea, script, style').forEach((typed) => typed.remove());
    const found: string[] = [];
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // The seeded child's name, typed with digits in it, where it shares a line with figures (a selector's option).
      // Video renditions are named by their codes (360p, 720p), as ids are, not counted.
      const text = (node.nodeValue ?? '').split(location.host).join('').split(location.hostname).join('').split(typedName).join('').replace(/\b\d{3,4}p\b/g, '');
      if (/[0-9]/.test(text)) found.push(text.trim().slice(0, 60));
    }
    // Number fields show their value in the reader's digits too.
    main.querySelectorAll<HTMLInputElement>('input[inputmode]').forEach((input) => {
      if (/[0-9]/.test(input.value)) found.push(`${input.getAttribute('aria-label') ?? input.id}=${input.value}`);
    });
    main.querySelectorAll<SVGTextElement>('svg text').forEach((label) => {
      if (/[0-9]/.test(label.textContent ?? '') && !copy.contains(label)) found.push(`chart: ${label.textContent}`);
    });
    return found;
  }, data.orphanName.split(' ')[0]!);

/** The months and years a Solar Hijri reader must not see: Gregorian month names, Intl's Iranian ones, this and last Gregorian year. */
const NOT_SOLAR_HIJRI = /January|February|March|April|June|July|August|September|October|November|December|Farvardin|Ordibehesht|Khordad|Shahrivar|Esfand|\b(?:Azar|Dey|Bahman|Aban|Mehr|Tir|Mordad)\b|\b20[12]\d\b/;

/** Text on the screen that says a Gregorian month or year, leaving out text kept as typed. */
const gregorianTexts = () =>
  app.page.locator('main').evaluate((main, pattern) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[dir="auto"], [dir="ltr"], textarea, script, style').forEach((typed) => typed.remove());
    const re = new RegExp(pattern);
    const found: string[] = [];
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (re.test(node.nodeValue ?? '')) found.push((node.nodeValue ?? '').trim().slice(0, 60));
    return found;
  }, NOT_SOLAR_HIJRI.source);

describe('Solar Hijri for a reader who chose it', () => {
  it('shows every date, month and year on every dashboard screen in Solar Hijri with Afghan month names, in English', async () => {
    await app.page.evaluate(([key]) => localStorage.setItem(key!, 'en'), [STORAGE_KEYS.language]);
    const { user } = await apiCall<{ user: { name: string; email: string } }>(app.page, 'GET', '/api/auth/user');
    const profile = { name: user.name, email: user.email };
    await apiCall(app.page, 'PUT', '/api/profile', { ...profile, calendar: 'persian' });
    await app.page.goto('/dashboard');
    await app.page.waitForFunction(() => document.documentElement.lang === 'en');
    const found: string[] = [];
    for (const route of DASHBOARD_ROUTE_PATHS) {
      await visit(app.page, dashboardUrl(route));
      await settle(app.page);
      for (const text of await gregorianTexts()) {
        // The profile's calendar choice shows today in each calendar, the Gregorian one too.
        if (route === 'profile' && text.startsWith('Today:')) continue;
        found.push(`/dashboard/${route}: ${text}`);
      }
    }
    await apiCall(app.page, 'PUT', '/api/profile', { ...profile, calendar: 'gregorian' });
    expect(found).toEqual([]);
  });
});

describe('Persian digits for a Dari and a Pashto reader', () => {
  for (const language of ['fa-AF', 'ps-AF'] as const) {
    it(`writes every number in Persian digits on every dashboard screen, in ${language}`, async () => {
      await app.page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.language, language]);
      // The language is read when the page loads.
      await app.page.goto('/dashboard');
      await app.page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      const found: string[] = [];
      for (const route of DASHBOARD_ROUTE_PATHS) {
        await visit(app.page, dashboardUrl(route));
        await settle(app.page);
        for (const text of await latinDigits()) found.push(`/dashboard/${route}: ${text}`);
      }
      expect(found).toEqual([]);
    });
  }
});
