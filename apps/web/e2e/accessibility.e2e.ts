import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@app/shared/constants';
import { accessibilityViolations } from './support/accessibility.ts';
import { DASHBOARD_ROUTE_PATHS, PUBLIC_ROUTE_PATHS, fillRoute } from './support/app-routes.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { seedScreenData, type ScreenData } from './support/screen-data.ts';
import { localeText } from './support/locale-text.ts';
import { settle, visit } from './support/settle.ts';

/**
 * Every public page and every dashboard screen passes axe (WCAG 2.2 A and AA)
 * in both themes and right to left, with records on the screens (a child, a result, a month's
 * attendance, a photo, a message), plus the states a route alone does not reach: a form modal, a
 * confirmation, a toast, the menus. The routes come from the router itself, so a new screen is
 * scanned without editing this file.
 *
 * Two modes cover both themes and both directions on every screen: light left to right (English)
 * and dark right to left (Dari). The other two pairings would scan the same colours in the same
 * layouts again (a theme's colours do not change with the direction), at twice the time.
 *
 * One server, one browser, one visitor page and one signed-in page for the whole file: each scan
 * is an in-app navigation and an axe run, nothing more.
 */

interface Mode {
  theme: 'light' | 'dark';
  language: 'en' | 'fa-AF';
  dir: 'ltr' | 'rtl';
}

const MODES: Mode[] = [
  { theme: 'light', language: 'en', dir: 'ltr' },
  { theme: 'dark', language: 'fa-AF', dir: 'rtl' },
];

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
let visitor: Page;
let staff: Page;
let data: ScreenData;

beforeAll(async () => {
  staff = app.page;
  visitor = await app.openPage();
  data = await seedScreenData(staff, { photo: true });
});

/** Where each route's parameters point: the seeded records, a published page, an unknown path. */
function routeParams(): Record<string, string> {
  return { ...data.routeParams, ':slug': 'privacy-policy', '*': 'no-such-page' };
}

/** Screens that show their records only once something is chosen. */
function routeQuery(route: string): string {
  if (route === 'gallery' || route === 'gallery/upload') return `?orphan_id=${data.orphanId}`;
  return '';
}

/** Theme and language as a returning user has them saved, applied by loading the app afresh. */
async function useMode(page: Page, mode: Mode) {
  if (page.url() === 'about:blank') await page.goto('/unauthorized');
  await page.evaluate(
    ({ keys, mode }) => {
      localStorage.setItem(keys.theme, mode.theme);
      localStorage.setItem(keys.language, mode.language);
    },
    { keys: STORAGE_KEYS, mode },
  );
  await page.reload();
  await settle(page);
  await expectMode(page, mode);
}

async function expectMode(page: Page, mode: Mode) {
  const applied = await page.evaluate(() => ({ dir: document.documentElement.dir, dark: document.documentElement.classList.contains('dark') }));
  expect(applied).toEqual({ dir: mode.dir, dark: mode.theme === 'dark' });
}

async function scan(page: Page, url: string, mode: Mode) {
  await visit(page, url);
  await expectMode(page, mode);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Scan a dashboard screen, then again with what `control` opens (a dialog, a menu); Escape closes it. */
async function scanOpened(url: string, mode: Mode, control: Locator, opened: Locator) {
  await scan(staff, url, mode);
  await control.click();
  await opened.waitFor();
  await settle(staff);
  expect(await accessibilityViolations(staff)).toEqual([]);
  await staff.keyboard.press('Escape');
}

describe.each(MODES.map((m) => [`${m.theme} theme, ${m.dir} (${m.language})`, m] as const))('axe, %s', (_, mode) => {
  const text = (ref: string, values?: Record<string, string>) => localeText(mode.language, ref, values);

  beforeAll(async () => {
    await useMode(visitor, mode);
    await useMode(staff, mode);
  });

  it.each(PUBLIC_ROUTE_PATHS)('public page /%s', async (route) => {
    await scan(visitor, `/${fillRoute(route, routeParams())}`, mode);
  });

  it.each(DASHBOARD_ROUTE_PATHS)('dashboard screen /dashboard/%s', async (route) => {
    const path = `/dashboard${route ? `/${fillRoute(route, routeParams())}` : ''}`;
    await scan(staff, `${path}${routeQuery(route)}`, mode);
    // The screen itself, not a redirect to the login or the access-denied page.
    expect(new URL(staff.url()).pathname).toBe(path);
  });

  it('a form modal (Add New User)', async () => {
    await scanOpened('/dashboard/users', mode, staff.getByRole('button', { name: text('admin:users.add') }), staff.getByRole('dialog'));
  });

  it('a delete confirmation', async () => {
    const remove = staff.getByRole('button', { name: text('orphans:actions.deleteNamed', { name: data.orphanName }) });
    await scanOpened('/dashboard/orphans', mode, remove, staff.getByRole('alertdialog').or(staff.getByRole('dialog')));
  });

  it('a success toast (its green text on its pale green)', async () => {
    await scan(staff, `/dashboard/attendance/edit/${data.attendanceId}`, mode);
    await staff.locator('main form button[type="submit"]').click();
    const toast = staff.locator('[data-sonner-toast][data-type="success"]');
    await toast.waitFor();
    // Hovered, a toast waits instead of closing after 3 s, long enough for axe to check it.
    await toast.hover();
    await settle(staff);
    expect(await accessibilityViolations(staff)).toEqual([]);
    // Closed, so it does not cover the header's controls for the next test.
    await toast.locator('[data-close-button]').click();
    await toast.waitFor({ state: 'detached' });
  });

  it('the language menu', async () => {
    await scanOpened('/dashboard/profile', mode, staff.getByTestId('language-switcher').first(), staff.getByRole('menu'));
  });

  it('the user menu', async () => {
    await scanOpened('/dashboard', mode, staff.getByRole('button', { name: text('userMenu.open') }), staff.getByRole('menu'));
  });
});

/**
 * Tab through a screen (at most `stops` times, or until focus comes round again) and name each
 * control whose focus shows nothing: no outline, no ring (box-shadow), no background of its own.
 */
async function controlsWithoutVisibleFocus(page: Page, stops = 60): Promise<string[]> {
  const missing: string[] = [];
  let first: string | null = null;
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none';
      const filled = el.getAttribute('role') === 'spinbutton' && style.backgroundColor !== 'rgba(0, 0, 0, 0)';
      const box = el.getBoundingClientRect();
      const id = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" @${Math.round(box.x)},${Math.round(box.y + window.scrollY)}`;
      return { id, shown: outline || ring || filled };
    });
    if (!focused) continue;
    if (focused.id === first) break;
    first ??= focused.id;
    if (!focused.shown && !missing.includes(focused.id)) missing.push(focused.id);
  }
  return missing;
}

describe('visible focus (light theme, English)', () => {
  beforeAll(async () => {
    await useMode(visitor, MODES[0]!);
    await useMode(staff, MODES[0]!);
  });

  it.each(['/', '/login', '/contact'])('every control on %s shows where focus is', async (url) => {
    await visit(visitor, url);
    expect(await controlsWithoutVisibleFocus(visitor)).toEqual([]);
  });

  it('notices a control whose focus shows nothing (the check itself)', async () => {
    await visit(visitor, '/about');
    await visitor.addStyleTag({ content: 'a:focus, a:focus-visible { outline: none !important; box-shadow: none !important; }' });
    expect((await controlsWithoutVisibleFocus(visitor)).some((id) => id.startsWith('a '))).toBe(true);
    await visitor.reload();
  });

  it.each(['/dashboard', '/dashboard/orphans', '/dashboard/orphans/create', '/dashboard/users'])('every control on %s shows where focus is', async (url) => {
    await visit(staff, url);
    expect(await controlsWithoutVisibleFocus(staff)).toEqual([]);
  });
});
