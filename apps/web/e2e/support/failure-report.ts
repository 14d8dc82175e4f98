import type { Page } from 'playwright-core';

/**
 * What a page was showing and saying when a browser test failed, printed with the failure: CI keeps
 * only the output, and a timeout alone ("waiting for the Edit button") does not tell a signed-out
 * page from an error answer or a screen still loading.
 */

const KEEP = 25;
const history = new WeakMap<Page, string[]>();

function remember(page: Page, line: string): void {
  const lines = history.get(page);
  if (!lines) return;
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (lines.length > KEEP) lines.shift();
}

/** Record the page's API answers, failed requests, navigations and console errors from now on. */
export function recordForFailures(page: Page): void {
  history.set(page, []);
  const pathOf = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  page.on('response', (r) => {
    const path = pathOf(r.url());
    if (/^\/(api|sanctum)\//.test(path)) remember(page, `${r.request().method()} ${path} -> ${r.status()}`);
  });
  page.on('requestfailed', (r) => remember(page, `${r.method()} ${pathOf(r.url())} failed: ${r.failure()?.errorText ?? '?'}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) remember(page, `navigated to ${pathOf(f.url())}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') remember(page, `console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => remember(page, `page error: ${e.message.slice(0, 300)}`));
}

/** The page's state and recent history, as lines to print; never throws (the page may be gone). */
export async function failureReport(page: Page): Promise<string> {
  const lines = [`page at ${page.url()}`];
  try {
    const seen = await page.evaluate(() => ({
      headings: [...document.querySelectorAll('h1, h2')].map((h) => h.textContent?.trim()).filter(Boolean).slice(0, 6),
      alerts: [...document.querySelectorAll('[role=alert], [data-sonner-toast]')].map((a) => a.textContent?.trim()).filter(Boolean).slice(0, 4),
      signedIn: Boolean(localStorage.getItem('auth_token')) || document.cookie.split('; ').some((c) => c.startsWith('auth_token=') && c.length > 'auth_token='.length),
    }));
    lines.push(`headings: ${JSON.stringify(seen.headings)}`, `alerts and toasts: ${JSON.stringify(seen.alerts)}`, `token stored: ${seen.signedIn}`);
  } catch (err) {
    lines.push(`(page not readable: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  lines.push(`last ${KEEP} events:`, ...(history.get(page) ?? []).map((l) => `  ${l}`));
  return lines.join('\n');
}
