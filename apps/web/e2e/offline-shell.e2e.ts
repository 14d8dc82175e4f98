import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from './support/browser.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { islandsHydrated } from './support/islands.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';

/*
 * The dashboard installs as an app and opens with no connection: a signed-in teacher who reloads
 * or reopens it offline gets the app, told that there is no connection — not the browser's error
 * page. The public pages are not kept for offline. Its own profile lets the service worker run
 * (the other browser tests block it).
 */

const app = setUpBrowserApp({ context: { serviceWorkers: 'allow' } });

/** The app's service worker has installed and is active: from now on it answers the app's addresses. */
const workerActive = (page: Page) =>
  page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated') await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    return worker.state;
  });

describe('the installed app with no connection', () => {
  it('declares itself installable: a manifest that opens the dashboard', async () => {
    const page = app.page;
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({ name: 'Orphan Care', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.icons.length).toBeGreaterThan(0);
  });

  it('opens again offline, reloaded or reopened, says there is no connection, and says so no more once it is back', { timeout: 180_000 }, async () => {
    const page = app.page;
    // A phone kept for work: signed in with "Remember me", so a new tab finds the sign-in too.
    await page.goto('/login');
    await islandsHydrated(page);
    await page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await workerActive(page)).toBe('activated');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    await expect(page.getByTestId('offline-banner').count()).resolves.toBe(0);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    await page.goto('/dashboard/attendance');
    // The app, with its header and navigation, from the phone's own copy.
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('No connection.');

    // Reopened: a new tab of the same browser, still offline.
    const again = await page.context().newPage();
    await again.goto('/dashboard');
    await again.getByRole('button', { name: 'Open user menu' }).waitFor();
    await again.getByTestId('offline-banner').waitFor();

    await page.context().setOffline(false);
    await again.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await again.close();
  });

  it('keeps no public page for offline: the home page offline is the browser\'s own error', { timeout: 180_000 }, async () => {
    const page = app.page;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await workerActive(page)).toBe('activated');
    await page.context().setOffline(true);
    const failed = await page.goto('/').then(() => null, (err: Error) => err.message);
    expect(failed).toMatch(/ERR_INTERNET_DISCONNECTED/);
    await page.context().setOffline(false);
  });
});
