import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { pageToken } from './support/api.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { signIn } from './support/browser.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { localeText } from './support/locale-text.ts';
import { islandsHydrated } from './support/islands.ts';
import { rawKeysOn } from './support/raw-keys.ts';
import { DASHBOARD_ROUTE_PATHS, PUBLIC_ROUTE_PATHS, fillRoute } from './support/app-routes.ts';
import { seedScreenData } from './support/screen-data.ts';
import { trackRequests, visit } from './support/settle.ts';

/** Choosing Dari or Pashto, right to left, remembered in the browser and per user. */
const app = setUpBrowserApp();

async function chooseLanguage(page: Page, name: 'English' | 'دری' | 'پښتو', scope = page.locator('body')): Promise<void> {
  await scope.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
}

/**
 * On a server-rendered public page a language choice loads the page again in that language
 * (decision 0038): wait for that load and its islands, so the next step acts on the new page.
 */
async function choosePublicPageLanguage(page: Page, name: 'English' | 'دری' | 'پښتو', scope = page.locator('body')): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await chooseLanguage(page, name, scope);
  await reloaded;
  await islandsHydrated(page);
}

const htmlLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const headingText = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** The user the page is signed in as, as the server has them now. */
async function storedUser(page: Page): Promise<{ locale: string | null }> {
  const token = await pageToken(page);
  return page.evaluate(async (token) => {
    const res = await fetch('/api/auth/user', { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { user: { locale: string | null } }).user;
  }, token);
}

describe('languages', () => {
  it('an English visitor downloads no Dari or Pashto; choosing Dari turns the public site right to left, in Dari', async () => {
    const page = app.page;
    const scripts: Response[] = [];
    const fonts: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(res);
      if (res.url().endsWith('.woff2')) fonts.push(new URL(res.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    const englishBodies = await Promise.all(scripts.map((res) => res.text()));
    const dariOnly = localeText('fa-AF', 'site:home.hero.title');
    expect(englishBodies.some((body) => body.includes(dariOnly))).toBe(false);
    // English text is set in the system font: no font file at all.
    expect(fonts).toEqual([]);

    await choosePublicPageLanguage(page, 'دری');
    await expect.poll(() => htmlLanguage(page)).toEqual({ lang: 'fa-AF', dir: 'rtl' });
    const nav = page.getByRole('navigation', { name: localeText('fa-AF', 'nav.main') });
    for (const key of ['nav.home', 'nav.services', 'nav.about', 'nav.contact']) {
      await nav.getByRole('link', { name: localeText('fa-AF', key), exact: true }).waitFor();
    }
    expect(await headingText(page)).toBe(localeText('fa-AF', 'site:home.hero.title'));
    expect(await rawKeysOn(page)).toEqual([]);

    // The choice stays for the next visit in this browser, and on every public page.
    fonts.length = 0;
    await page.goto('/contact');
    expect(await htmlLanguage(page)).toEqual({ lang: 'fa-AF', dir: 'rtl' });
    expect(await headingText(page)).toBe(localeText('fa-AF', 'site:contact.title'));
    // A Dari page fetches Vazirmatn's Arabic-script files only, never its Latin ones.
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.includes('-arabic-'))).toEqual([]);
    expect(await rawKeysOn(page)).toEqual([]);

    // On a phone the switcher is in the mobile menu.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: localeText('fa-AF', 'nav.openMenu') }).click();
    const mobileMenu = page.locator('#mobile-menu');
    // A server-rendered page loads again in the language chosen (decision 0038), its menu closed.
    await choosePublicPageLanguage(page, 'پښتو', mobileMenu);
    expect(await htmlLanguage(page)).toEqual({ lang: 'ps-AF', dir: 'rtl' });
    await page.getByRole('button', { name: localeText('ps-AF', 'nav.openMenu') }).click();
    await page.getByRole('navigation', { name: localeText('ps-AF', 'nav.mobile') }).getByRole('link', { name: localeText('ps-AF', 'nav.about') }).waitFor();
    expect(await rawKeysOn(page)).toEqual([]);
  });

  it("a signed-in user's choice is saved with them: it survives a reload and follows them to a fresh browser", async () => {
    const page = app.page;
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect.poll(() => headingText(page)).toBe('Dashboard');

    await chooseLanguage(page, 'پښتو');
    await expect.poll(() => headingText(page)).toBe(localeText('ps-AF', 'dashboard:nav'));
    expect(await htmlLanguage(page)).toEqual({ lang: 'ps-AF', dir: 'rtl' });
    await page.getByRole('button', { name: localeText('ps-AF', 'dashboard:sidebar.groups.management') }).waitFor();
    await expect.poll(async () => (await storedUser(page)).locale).toBe('ps-AF');
    expect(await rawKeysOn(page)).toEqual([]);

    await page.reload();
    await expect.poll(() => headingText(page)).toBe(localeText('ps-AF', 'dashboard:nav'));
    await page.goto('/dashboard/profile');
    await expect.poll(() => headingText(page)).toBe(localeText('ps-AF', 'admin:profile.nav'));
    await page.getByRole('heading', { name: localeText('ps-AF', 'admin:profile.language.title') }).waitFor();
    expect(await rawKeysOn(page)).toEqual([]);

    // A fresh browser knows nothing of the choice until the user signs in: then it is theirs again.
    const fresh = await app.browser.newContext();
    try {
      const other = await fresh.newPage();
      await other.goto('/login');
      expect(await htmlLanguage(other)).toEqual({ lang: 'en', dir: 'ltr' });
      await signIn(other, ADMIN_EMAIL, ADMIN_PASSWORD);
      await expect.poll(() => headingText(other)).toBe(localeText('ps-AF', 'dashboard:nav'));
      expect(await htmlLanguage(other)).toEqual({ lang: 'ps-AF', dir: 'rtl' });
      expect(await rawKeysOn(other)).toEqual([]);

      // Back to English from the dashboard header: saved too.
      await chooseLanguage(other, 'English');
      await expect.poll(() => headingText(other)).toBe('Dashboard');
      expect(await htmlLanguage(other)).toEqual({ lang: 'en', dir: 'ltr' });
      await expect.poll(async () => (await storedUser(other)).locale).toBe('en');
    } finally {
      await fresh.close();
    }
  });

  it('every public page and dashboard screen, in Pashto with records on it, shows no raw translation key', async () => {
    const page = app.page;
    trackRequests(page);
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const data = await seedScreenData(page);
    await chooseLanguage(page, 'پښتو');
    await expect.poll(() => htmlLanguage(page)).toEqual({ lang: 'ps-AF', dir: 'rtl' });
    const params = {
      'orphans/:id': String(data.orphanId),
      'results/:id': String(data.resultId),
      'attendance/:id': String(data.attendanceId),
      ':slug': 'privacy-policy',
      '*': 'no-such-page',
    };
    const paths = [
      ...PUBLIC_ROUTE_PATHS.map((route) => `/${fillRoute(route, params)}`),
      ...DASHBOARD_ROUTE_PATHS.map((route) => `/dashboard/${fillRoute(route, params)}`.replace(/\/$/, '')),
    ];
    const raw: string[] = [];
    for (const path of paths) {
      await visit(page, path);
      expect(await htmlLanguage(page), path).toEqual({ lang: 'ps-AF', dir: 'rtl' });
      raw.push(...(await rawKeysOn(page)).map((key) => `${path}: ${key}`));
    }
    expect(raw).toEqual([]);
  });
});
