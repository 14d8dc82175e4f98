import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setUpBrowserApp } from './support/fixture.ts';
import { settle } from './support/settle.ts';
import { webDist } from './support/server.ts';

/**
 * The public header's Radix parts (the phone menu's dialog, the language menu, the
 * tooltips) are downloaded on a control's first use, not with the page; a keyboard user still
 * opens them on the first Enter, focus kept in them and given back to their button.
 */
const app = setUpBrowserApp();

/** Strings only each Radix primitive's code holds, to find it in whatever chunk the bundler put it. */
const RADIX_MARKERS = { dialog: 'DialogContent', menu: 'MenuContent', tooltip: 'TooltipContent' };

/** Every script the page requests from now on, by its build file (assets/…). */
function scriptsRequested(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') files.push(new URL(request.url()).pathname.slice(1));
  });
  return files;
}

/** Which Radix primitives these scripts hold. */
function radixIn(files: string[]): string[] {
  const code = [...new Set(files)].map((file) => readFileSync(path.join(webDist, file), 'utf8')).join('\n');
  return Object.entries(RADIX_MARKERS)
    .filter(([, marker]) => code.includes(marker))
    .map(([name]) => name);
}

async function focused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

describe('the public header loads Radix on first use', () => {
  it('opens the phone menu on the first Enter of a fresh home page that had not fetched the dialog', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 375, height: 740 });
    const scripts = scriptsRequested(page);
    await page.goto('/');
    await settle(page);
    expect(radixIn(scripts), 'the first load fetched Radix').toEqual([]);
    const before = scripts.length;

    const button = page.getByRole('button', { name: 'Open menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Services' }).isVisible()).toBe(true);
    expect(radixIn(scripts.slice(before))).toContain('dialog');
    // Focus is trapped in the panel, and goes back to the menu button when it closes.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => focused(button), { timeout: 5_000 }).toBe(true);
    // And opens again the usual way.
    await button.click();
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });
  });

  it('opens the language menu on the first Enter, and shows a tooltip to a keyboard user', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const scripts = scriptsRequested(page);
    await page.goto('/about');
    await settle(page);
    expect(radixIn(scripts), 'the first load fetched Radix').toEqual([]);

    const switcher = page.getByTestId('language-switcher').first();
    await switcher.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement) && document.activeElement?.getAttribute('role'))).toBe('menuitemradio');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => focused(switcher), { timeout: 5_000 }).toBe(true);

    // The next control, reached with Tab: its tooltip loads then and shows, and focus stays on it.
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Switch to dark mode' });
    await page.getByRole('tooltip', { name: 'Switch to dark mode' }).waitFor();
    expect(await focused(toggle)).toBe(true);
    expect(radixIn(scripts)).toEqual(expect.arrayContaining(['menu', 'tooltip']));
    // The toggle still toggles.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
  });
});
