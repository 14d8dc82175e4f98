import type { Page } from 'playwright-core';

/**
 * The id of a server-rendered page's data (PAGE_DATA_ID of src/islands/rendered-page.ts, which
 * reads the document: not importable here, where bench/ compiles without the DOM's types).
 */
export const PAGE_DATA_ID = 'page-data';

/**
 * A public page comes rendered from the server, and its controls (header, contact form, map
 * button) work once its islands have hydrated (decision 0038), which <html data-hydrated> says.
 * The app's own pages (no page data) need no wait.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  // A function (a string would be eval'd, which the CSP refuses); the document typed here, since this
  // file is also compiled without the DOM's types (bench/ imports browser.ts).
  await page.waitForFunction((id) => {
    const doc = (globalThis as unknown as { document: { getElementById(id: string): unknown; documentElement: { dataset: Record<string, string | undefined> } } }).document;
    return !doc.getElementById(id) || doc.documentElement.dataset.hydrated === 'true';
  }, PAGE_DATA_ID);
}

/** Whether the page showing is one the server rendered (it carries page data), not the app. */
export async function isServerRendered(page: Page): Promise<boolean> {
  return (await page.locator(`#${PAGE_DATA_ID}`).count()) > 0;
}

/**
 * page.goto and page.reload also wait for the islands, as a person waits for a page to respond:
 * every browser test reaches public pages through them, and a click that lands between the HTML
 * and the hydration would test the network's timing rather than the page.
 */
export function waitForIslandsOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await islandsHydrated(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await islandsHydrated(page);
    return response;
  };
}
