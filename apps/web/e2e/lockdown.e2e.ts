import { describe, expect, it } from 'vitest';
import { signIn } from './support/browser.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';
import { localeText } from './support/locale-text.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { visit } from './support/settle.ts';

/*
 * Emergency lockdown from System Settings: the Super Admin presses the one red button, reads in
 * plain words what it does, types the password again (a wrong one is refused and nothing happens),
 * and every other sign-in ends while a red band across every screen says lockdown is on. Lifting it
 * takes the password again, and the band goes.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
const BANNER = localeText('en', 'dashboard:lockdownBanner.textSince').split('{{time}}')[0]!;

describe('lockdown', () => {
  it('locks down after a confirmation with the password, shows the banner everywhere, signs the other device out, and lifts', { timeout: 240_000 }, async () => {
    const page = app.page;
    const elsewhere = await app.openPage();
    await signIn(elsewhere, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(elsewhere)).toBe('/dashboard');

    await visit(page, '/dashboard/settings');
    await page.getByRole('heading', { name: 'Emergency lockdown' }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);
    await page.getByRole('button', { name: 'Lock down now' }).click();

    const dialog = page.getByRole('dialog', { name: 'Lock down the system?' });
    await dialog.waitFor();
    await dialog.getByText('Everyone else is signed out at once, on every device.', { exact: false }).waitFor();
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Lock down', exact: true }).click();
    await dialog.getByText('The current password is incorrect.').waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);

    // Cancelled, nothing happens; confirmed with the password, it is on.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Lock down now' }).click();
    await dialog.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Lock down', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    await page.getByText('Lockdown is on: every other session has ended').waitFor();

    for (const path of ['/dashboard', '/dashboard/orphans']) {
      await visit(page, path);
      await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    }

    // The other sign-in has ended: its next page asks to log in.
    await elsewhere.goto('/dashboard/profile');
    await elsewhere.waitForURL((url) => url.pathname === '/login');

    await page.getByRole('link', { name: 'Lift it in System Settings' }).click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByRole('button', { name: 'Lift lockdown' }).click();
    const lift = page.getByRole('dialog', { name: 'Lift the lockdown?' });
    await lift.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await lift.getByRole('button', { name: 'Lift lockdown' }).click();
    await lift.waitFor({ state: 'detached' });
    await page.getByText(BANNER).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Lock down now' }).waitFor();
    await visit(page, '/dashboard/orphans');
    await page.getByRole('heading', { level: 1, name: 'Orphans' }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);
  });
});
