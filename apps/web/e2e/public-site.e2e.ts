import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, type BrowserSession } from './support/browser.ts';

let server: RunningServer;
let browser: BrowserSession;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

const isDark = (p: Page) => p.evaluate(() => document.documentElement.classList.contains('dark'));

describe('public site', () => {
  it('keeps the chosen theme after a reload', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    expect(await isDark(page)).toBe(false);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await isDark(page)).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    expect(await isDark(page)).toBe(false);
  });

  it("shows '404 - Page Not Found' for an unknown path", async () => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(200); // the SPA answers; the page says 404
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor({ state: 'visible' });
  });

  it('shows the home page with the log-in and register buttons for a visitor', async () => {
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    await page.getByRole('link', { name: 'Log In', exact: true }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Register', exact: true }).waitFor({ state: 'visible' });
    await page.getByText('10,000+').waitFor({ state: 'visible' });
  });
});
