import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.ts';
import { launchBrowser, type BrowserSession } from './browser.ts';

export interface BrowserApp {
  /** The real server (fresh SQLite database) this file's tests talk to. */
  readonly server: RunningServer;
  readonly browser: BrowserSession;
  /** A fresh page in a fresh profile for each test. */
  readonly page: Page;
}

/**
 * One server and one Chromium per test file, a new isolated browser context per test:
 * call at the top of a test file and read `app.page` inside the tests.
 */
export function setUpBrowserApp(): BrowserApp {
  let server: RunningServer;
  let browser: BrowserSession;
  let context: BrowserContext | undefined;
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

  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    get page() {
      return page;
    },
  };
}

export function pathOf(p: Page): string {
  return new URL(p.url()).pathname;
}
