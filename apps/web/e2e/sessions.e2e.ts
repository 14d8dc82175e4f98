import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageToken } from './support/api.ts';
import { signIn } from './support/browser.ts';
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
  /**
   * The browser closed and opened again: what it keeps on disk — its persistent cookies and its
   * localStorage — and not its session cookies (those without an expiry), which a browser drops
   * when it closes. (A Chromium profile reopened by Playwright restores session cookies, as a
   * browser set to "continue where you left off" does, so the close is played from its state.)
   */
  const reopened = async (page: Page): Promise<Page> => {
    const state = await page.context().storageState();
    await page.context().close();
    const context = await app.browser.newContext({ storageState: { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) } });
    context.setDefaultNavigationTimeout(60_000);
    return context.newPage();
  };

  // Two sign-ins and two reopened browsers: longer than one page's test.
  it('keeps no sign-in made without "Remember me" once the browser is closed, and keeps one made with it', { timeout: 240_000 }, async () => {
    let page = await app.openPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard');
    const session = (await page.context().cookies()).find((c) => c.name === 'auth_token');
    // The token is a session cookie only: nothing of it in localStorage.
    expect(session?.expires).toBe(-1);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    page = await reopened(page);
    await page.goto('/dashboard/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await pageToken(page)).toBeNull();

    await islandsHydrated(page);
    await page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // Back where the visitor was heading.
    await page.waitForURL((url) => url.pathname === '/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    page = await reopened(page);
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard/profile');
    await page.context().close();
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
