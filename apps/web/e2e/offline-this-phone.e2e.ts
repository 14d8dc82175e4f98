import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api.ts';
import { signIn, signOut } from './support/browser.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';

/*
 * "This phone" on the profile: keeping data here for offline work, sealed with the password the
 * server confirms (at sign-in, or here after erasing it); locked whenever the app opens again and unlocked with the password alone;
 * erased at sign-out.
 */

const app = setUpBrowserApp();

const storeNames = () => app.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

describe('this phone, on the profile', () => {
  it('sets up the sealed store with the confirmed password, locks, unlocks, and erases it at sign-out', { timeout: 240_000 }, async () => {
    const page = app.page;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    // Signing in set the store up with the password; the page loaded since holds no key: locked.
    await page.goto('/dashboard/profile');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'This phone' }) });
    await card.getByText('Locked:', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Erase from this phone' }).click();
    await card.getByText('Nothing is kept on this phone.', { exact: false }).waitFor();
    expect(await card.getByTestId('storage-persistence').textContent()).toMatch(/storage/);

    await card.getByLabel('Your password').fill('not-my-password');
    await card.getByRole('button', { name: 'Keep data on this phone' }).click();
    await card.getByText('The current password is incorrect.').waitFor();
    expect(await storeNames()).not.toContain('orphan-care-offline');

    await card.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await card.getByRole('button', { name: 'Keep data on this phone' }).click();
    await card.getByText('This phone now keeps data for working offline', { exact: false }).waitFor();
    await card.getByText('Unlocked:', { exact: false }).waitFor();
    expect(await storeNames()).toContain('orphan-care-offline');

    await card.getByRole('button', { name: 'Lock', exact: true }).click();
    await card.getByText('Locked:', { exact: false }).waitFor();
    await card.getByLabel('Your password').fill('still-not-it');
    await card.getByRole('button', { name: 'Unlock', exact: true }).click();
    await card.getByText('Wrong password. 9 tries left', { exact: false }).waitFor();
    await card.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await card.getByRole('button', { name: 'Unlock', exact: true }).click();
    await card.getByText('Unlocked:', { exact: false }).waitFor();

    // The key was in this page's memory only: opened again, the store is locked.
    await page.reload();
    await card.getByText('Locked:', { exact: false }).waitFor();

    await signOut(page);
    expect(await storeNames()).not.toContain('orphan-care-offline');
  });

  it('erases the store at the next contact once the server ended the session, and says why at sign-in', { timeout: 240_000 }, async () => {
    const page = app.page;
    // A user of this test's own: signing them out everywhere touches no other test's session.
    const teacher = { name: 'Wiped Phone Teacher', email: `wiped-phone-${Date.now()}@example.org`, password: 'Wiped-phone-password-1' };
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await apiCall(page, 'POST', '/api/users', { ...teacher, password_confirmation: teacher.password, roles: ['Teacher'] });
    await signOut(page);
    await signIn(page, teacher.email, teacher.password);
    expect(await storeNames()).toContain('orphan-care-offline');

    // Signed out everywhere from elsewhere (not through this app's own sign-out).
    await apiCall(page, 'POST', '/api/auth/logout-everywhere');
    await page.reload();
    await page.getByText('You were signed out by the server', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storeNames()).not.toContain('orphan-care-offline');
  });
});
