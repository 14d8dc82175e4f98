import type { Page, Request } from 'playwright-core';
import { isServerRendered, PAGE_DATA_ID } from './islands.ts';

const pending = new WeakMap<Page, Set<Request>>();

/** Count the page's requests in flight from now on (call once per page, before it loads anything). */
export function trackRequests(page: Page): void {
  const inFlight = new Set<Request>();
  pending.set(page, inFlight);
  page.on('request', (r) => inFlight.add(r));
  // A response counts as done when it arrives: a body nobody reads (the login's health check) never "finishes".
  page.on('response', (r) => inFlight.delete(r.request()));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
}

const quietFor = async (page: Page, ms: number) => {
  const inFlight = pending.get(page);
  if (!inFlight) throw new Error('settle() needs trackRequests(page) first');
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() - quietSince < ms) {
    if (Date.now() > deadline) throw new Error(`Requests still open after 15 s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (inFlight.size > 0) quietSince = Date.now();
  }
};

/** Poll (works outside a test too, in hooks) until `done`, else fail naming what was awaited. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Wait until the screen shows its data: no request in flight for a moment (a screen's code, then
 * its data), no spinner or skeleton, and no fade half way (a half-faded colour is no measure).
 * Spinners that turn for ever are not waited for, only animations that end.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await quietFor(page, 150);
  await until('spinners and skeletons gone', async () => (await page.locator('[role="status"] .animate-spin, .animate-pulse').count()) === 0, 15_000);
  await quietFor(page, 100);
  await fadesOver(page);
}

/** Until no animation that ends is running (a toast sliding in, a dialog fading): a half-faded colour is no measure. */
export async function fadesOver(page: Page): Promise<void> {
  const fading = () =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length);
  await until('fades over', async () => (await fading()) === 0, 5_000);
}

/**
 * Until the app has rendered the page's address: its router's committed location is the address,
 * and no part of the page is still behind a Suspense fallback waiting for its code. The router runs
 * navigations in a transition (the screens are React.lazy, apps/web/src/app/router.tsx): the address
 * changes at once and the screen that is leaving stays on the page until the next one's render
 * commits, so neither the address nor a quiet network says which screen the page shows. React
 * offers no public handle on what it has committed; this reads its fiber tree from the root's
 * container, as React's developer tools do. A server-rendered page (decision 0038) comes whole.
 */
export async function screenRendered(page: Page): Promise<void> {
  // (One function, no named helpers inside: it runs in the page.)
  await page.waitForFunction((pageDataId) => {
    if (document.getElementById(pageDataId)) return true;
    interface Fiber {
      tag: number;
      child: Fiber | null;
      sibling: Fiber | null;
      memoizedProps: unknown;
      memoizedState: unknown;
      stateNode: unknown;
    }
    const container = document.getElementById('root') as (HTMLElement & Record<string, Fiber | undefined>) | null;
    const key = container ? Object.keys(container).find((k) => k.startsWith('__reactContainer$')) : undefined;
    const created = container && key ? container[key] : undefined;
    // Not rendered yet (the scripts are still loading).
    if (!created) return false;
    const stack: Fiber[] = [(created.stateNode as { current: Fiber }).current];
    let rendered: string | null = null;
    while (stack.length > 0) {
      const fiber = stack.pop()!;
      // A Suspense boundary (tag 13) showing its fallback: a screen, or a part of one, still loading.
      if (fiber.tag === 13 && fiber.memoizedState !== null) return false;
      // The router's location context ({ location, navigationType }), the first one from the top.
      const value = (fiber.memoizedProps as { value?: { location?: { pathname: string; search: string }; navigationType?: unknown } } | null)?.value;
      if (rendered === null && value?.location && value.navigationType !== undefined) rendered = value.location.pathname + value.location.search;
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return rendered === window.location.pathname + window.location.search;
  }, PAGE_DATA_ID);
}

/**
 * Open a path in the app already loaded in the page as its own links do (history and a popstate
 * the router follows), without reloading the scripts; the first visit loads the page. Returns once
 * the screen of that path is on the page (not the one it replaces) and has settled.
 */
export async function visit(page: Page, url: string): Promise<void> {
  // A page the server rendered (decision 0038) has no app router to follow a popstate: load the next.
  const loaded =
    page.url().startsWith('http') && !(await isServerRendered(page)) && (await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0));
  if (!loaded) {
    await page.goto(url);
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, url);
  }
  await screenRendered(page);
  await settle(page);
}
