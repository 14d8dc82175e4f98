import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setUpBrowserApp } from './support/fixture.ts';
import { localeText } from './support/locale-text.ts';
import { visit } from './support/settle.ts';

/** An administrator working while maintenance mode is on sees so on every dashboard screen, until it is off. */
const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
const BANNER = localeText('en', 'dashboard:maintenanceBanner.text');

async function setMaintenance(page: Page, on: boolean): Promise<void> {
  await visit(page, '/dashboard/settings');
  const toggle = page.getByRole('switch', { name: 'Maintenance mode' });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByText('Settings updated successfully').first().waitFor();
}

describe('maintenance banner', () => {
  it('stays across the dashboard while maintenance mode is on, and goes when it is switched off', async () => {
    const page = app.page;
    await visit(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);

    await setMaintenance(page, true);
    // At once, on the screen where it was switched on, and then on every other screen and after a reload.
    await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    for (const path of ['/dashboard', '/dashboard/orphans', '/dashboard/profile']) {
      await visit(page, path);
      await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    }
    await page.reload();
    await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    await page.getByRole('link', { name: 'Turn it off in System Settings' }).click();
    await page.waitForURL('**/dashboard/settings');

    await setMaintenance(page, false);
    await page.getByText(BANNER).waitFor({ state: 'detached' });
    await visit(page, '/dashboard/orphans');
    await page.getByRole('heading', { level: 1, name: 'Orphans' }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);
  });
});
