import { isServerRendered, islandsHydrated } from './islands.ts';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How long a page load, and signing in (which ends in one), may take (vitest.config.ts gives a test 60 s). */
const NAVIGATION_TIMEOUT_MS = 60_000;

export interface BrowserSession {
  browser: Browser;
  /**
   * A fresh, isolated profile (no cookies, no localStorage) pointed at the server; `options` add to
   * or override the defaults. The app's service worker is blocked unless `serviceWorkers: 'allow'`:
   * Playwright's request interception (page.route) does not see what a service worker fetches,
   * and the tests that intercept would otherwise watch an empty road. The offline tests allow it.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  close: () => Promise<void>;
}

/** One Chromium per test file; Playwright gives it a throw-away profile folder of its own. */
export async function launchBrowser(baseURL: string): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return {
    browser,
    newContext: async (options = {}) => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...options });
      context.setDefaultTimeout(15_000);
      // A page load (goto, reload, waiting for an address or a load state) fetches and runs the
      // app's code, the step a busy machine slows most; the test's own time limit still bounds it.
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
      return context;
    },
    close: () => browser.close(),
  };
}

/** Sign in through the login screen, as a person would. Does not wait for any particular page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  // The server-rendered sign-in form takes what is typed once hydrated (decision 0038).
  await islandsHydrated(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Signing in on the server-rendered sign-in page loads the app in full (decision 0038), and the
  // app's first act is to check the stored token with the server. A caller's page.goto during that
  // check once landed on a document that did not see the token just stored (CI, under load): wait
  // for the check, as a person sees the dashboard before going on. The app's own sign-in screen
  // moves without a new load, and checks nothing.
  const checked = (await isServerRendered(page)) ? page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/user' && r.status() === 200, { timeout: NAVIGATION_TIMEOUT_MS }) : null;
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.waitForLoadState('load');
  await checked;
}

/** Sign out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}
