import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { pageToken } from './support/api.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signIn } from './support/browser.ts';
import { islandsHydrated } from './support/islands.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';

/*
 * Sign-ins on shared phones: closing the browser ends a sign-in made without "Remember me" (one
 * made with it outlives the browser), and "Sign out everywhere" on the profile ends every sign-in
 * of the user at once, wherever it is.
 */

const app = setUpBrowserApp();

describe('a sign-in and the browser closing', () => {
  let profileDir: string;
  beforeAll(() => {
    profileDir = mkdtempSync(path.join(os.tmpdir(), 'oc-profile-'));
  });
  afterAll(() => rmSync(profileDir, { recursive: true, force: true }));

  /** The same Chromium profile folder each time, as a phone's browser opened again. */
  const openBrowser = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, baseURL: app.server.baseUrl });
    context.setDefaultTimeout(15_000);
    // As the fixture's pages: a page load on a busy machine may take long (support/browser.ts).
    context.setDefaultNavigationTimeout(60_000);
    return { context, page: context.pages()[0] ?? (await context.newPage()) };
  };

  // Three starts of a browser and two sign-ins: longer than one page's test.
  it('keeps no sign-in made without "Remember me" once the browser is closed, and keeps one made with it', { timeout: 240_000 }, async () => {
    let { context, page } = await openBrowser();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard');
    expect(await pageToken(page)).toBeTruthy();
    await context.close();

    ({ context, page } = await openBrowser());
    await page.goto('/dashboard/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await pageToken(page)).toBeNull();

    await islandsHydrated(page);
    await page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();

    ({ context, page } = await openBrowser());
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard/profile');
    await context.close();
  });
});

describe('sign out everywhere', () => {
  it('ends the sign-in on this browser and on another one at once', async () => {
    const other = await app.openPage();
    await signIn(other, ADMIN_EMAIL, ADMIN_PASSWORD);
    const otherToken = await pageToken(other);
    expect(otherToken).toBeTruthy();

    const page = app.page;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await pageToken(page)).toBeNull();

    // The other browser's token is refused by the server, and its next screen sends it to sign in.
    const refused = await other.request.get('/api/auth/user', { headers: { Accept: 'application/json', Authorization: `Bearer ${otherToken}` } });
    expect(refused.status()).toBe(401);
    await other.goto('/dashboard/orphans');
    await other.waitForURL((url) => url.pathname === '/login');
  });
});
