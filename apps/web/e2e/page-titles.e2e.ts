import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setUpBrowserApp } from './support/fixture.ts';
import { signIn } from './support/browser.ts';
import { apiCall } from './support/api.ts';
import { localeText } from './support/locale-text.ts';
import { islandsHydrated } from './support/islands.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';

/** Every public page and dashboard screen names itself in the tab: "<page> — <organisation>", in the reader's language. */
const app = setUpBrowserApp({ pagePer: 'file' });
const ORGANISATION = 'Kabul Children Trust';

async function chooseLanguage(page: Page, name: 'English' | 'دری' | 'پښتو'): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
}

const titleIs = (page: Page, title: string) => page.waitForFunction((expected) => document.title === expected, title).then(() => page.title());

describe('page titles', () => {
  it('names each server-rendered public page with the organisation from the settings', async () => {
    const page = app.page;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await apiCall(page, 'PUT', '/api/settings', { organization_name: ORGANISATION });

    for (const [path, key] of [
      ['/', 'common:pageTitle.home'],
      ['/about', 'common:pageTitle.about'],
      ['/services', 'common:pageTitle.services'],
      ['/contact', 'common:pageTitle.contact'],
      ['/no-such-page', 'common:pageTitle.notFound'],
    ] as const) {
      // The title is in the HTML the server sends, before any script runs.
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain(`<title>${localeText('en', key)} — ${ORGANISATION}</title>`);
    }

    await page.goto('/about');
    await islandsHydrated(page);
    expect(await page.title()).toBe(`About Us — ${ORGANISATION}`);
    const reloaded = page.waitForEvent('load');
    await chooseLanguage(page, 'دری');
    await reloaded;
    await islandsHydrated(page);
    expect(await page.title()).toBe(`${localeText('fa-AF', 'common:pageTitle.about')} — ${ORGANISATION}`);
    // A published page is named by its own (meta) title.
    await page.goto('/pages/privacy-policy');
    await islandsHydrated(page);
    expect(await page.title()).toBe(`Privacy Policy — ${ORGANISATION}`);
  });

  it('names each dashboard screen, and follows a change of language', async () => {
    const page = app.page;
    await page.goto('/dashboard/orphans');
    expect(await titleIs(page, `${localeText('fa-AF', 'orphans:nav')} — ${ORGANISATION}`)).toBeTruthy();
    await chooseLanguage(page, 'English');
    expect(await titleIs(page, `Orphans — ${ORGANISATION}`)).toBe(`Orphans — ${ORGANISATION}`);
    await page.getByRole('link', { name: 'Gallery' }).first().click();
    expect(await titleIs(page, `Gallery — ${ORGANISATION}`)).toBe(`Gallery — ${ORGANISATION}`);
    await chooseLanguage(page, 'پښتو');
    expect(await titleIs(page, `${localeText('ps-AF', 'gallery:nav')} — ${ORGANISATION}`)).toBeTruthy();
    await chooseLanguage(page, 'English');
  });
});
