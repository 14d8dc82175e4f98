import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, startServer, type RunningServer } from './server.ts';
import { launchBrowser, signIn, type BrowserSession } from './browser.ts';
import { trackRequests } from './settle.ts';
import { waitForIslandsOnLoad } from './islands.ts';
import { failureReport, recordForFailures } from './failure-report.ts';

export interface BrowserApp {
  /** The real server (fresh SQLite database) this file's tests talk to. */
  readonly server: RunningServer;
  readonly browser: BrowserSession;
  /** The page the tests drive: one for the file, or a fresh one (fresh profile) for each test. */
  readonly page: Page;
  /** Another page in a profile of its own (a second visitor), closed with the file; call in a hook or test. */
  openPage: (options?: BrowserContextOptions) => Promise<Page>;
}

export interface BrowserAppOptions {
  /**
   * 'test' (the default): a new isolated profile and page for each test. 'file': one profile and
   * page for the whole file, for tests that build on one another (one signs in, the next goes on).
   */
  pagePer?: 'test' | 'file';
  /** Added to the defaults of the page's profile (a phone's viewport, accepting downloads). */
  context?: BrowserContextOptions;
  /** Signed in as the first Super Admin before the first test (with pagePer 'file'). */
  signedIn?: boolean;
}

/**
 * One server and one Chromium per test file, and the page the tests drive: call at the top of a
 * test file and read `app.page` inside the tests. Every page's requests are counted, so settle()
 * and visit() can wait for them.
 */
export function setUpBrowserApp({ pagePer = 'test', context: contextOptions, signedIn = false }: BrowserAppOptions = {}): BrowserApp {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  const contexts = new Set<BrowserContext>();

  const openPage = async (options: BrowserContextOptions = contextOptions ?? {}) => {
    const context = await browser.newContext(options);
    contexts.add(context);
    const opened = await context.newPage();
    trackRequests(opened);
    recordForFailures(opened);
    waitForIslandsOnLoad(opened);
    return opened;
  };
  const closePage = async (p: Page) => {
    contexts.delete(p.context());
    await p.context().close();
  };

  beforeAll(async () => {
    // Chromium starts beside the server rather than after it: neither needs the other to start, and
    // a file's set-up then waits for the slower of the two instead of both in turn.
    const port = await freePort();
    const started = await Promise.allSettled([startServer({ port }), launchBrowser(`http://127.0.0.1:${port}`)]);
    if (started[0].status === 'fulfilled') server = started[0].value;
    if (started[1].status === 'fulfilled') browser = started[1].value;
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    if (pagePer === 'file') {
      page = await openPage();
      if (signedIn) await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });
  if (pagePer === 'test') {
    beforeEach(async () => {
      page = await openPage();
    });
  }
  afterEach(async ({ task }) => {
    // A failed test prints what its page showed and the answers it had (support/failure-report.ts).
    if (page && task.result?.state === 'fail') console.error(`What the page showed when "${task.name}" failed:\n${await failureReport(page)}`);
    if (pagePer === 'test' && page) await closePage(page);
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
    openPage,
  };
}

export function pathOf(p: Page): string {
  return new URL(p.url()).pathname;
}
