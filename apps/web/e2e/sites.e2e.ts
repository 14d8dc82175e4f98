import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * An administrator opens the provincial home as a site on the Sites screen, gives it to a new
 * teacher on the user form, and cannot delete it while it is given to her: the server's refusal
 * is said.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const SITE = `Herat Girls Home ${suffix}`;
const TEACHER = `Soraya Herati ${suffix}`;

describe('sites', () => {
  it('the administrator adds the provincial home on the Sites screen', async () => {
    await app.page.goto('/dashboard/sites');
    await app.page.getByRole('heading', { name: 'Sites' }).waitFor();
    await app.page.getByRole('button', { name: 'Add New Site' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Add Site' });
    await dialog.getByLabel('Name', { exact: true }).fill(SITE);
    await dialog.getByLabel('Kind').selectOption({ label: 'Orphanage' });
    await dialog.getByLabel('Province').fill('Herat');
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Site' }).click();
    await dialog.waitFor({ state: 'detached' });
    await app.page.getByRole('row').filter({ hasText: SITE }).waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });

  it('gives the new site to a new teacher on the user form, at once', async () => {
    await app.page.goto('/dashboard/users');
    await app.page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name', { exact: true }).fill(TEACHER);
    await dialog.getByLabel('Email', { exact: true }).fill(`soraya.${suffix}@e2e.test`);
    await dialog.getByLabel('Password', { exact: true }).fill('Teacher-password-1');
    await dialog.getByLabel('Confirm password').fill('Teacher-password-1');
    await dialog.getByLabel('Teacher', { exact: true }).click();
    // The administrator holds every site: the one just added is offered without a reload.
    await dialog.getByLabel(SITE, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'detached' });

    await app.page.getByRole('button', { name: `Edit ${TEACHER}` }).click();
    const edit = app.page.getByRole('dialog', { name: 'Edit User' });
    expect(await edit.getByLabel(SITE, { exact: true }).isChecked()).toBe(true);
    expect(await edit.getByLabel('All sites, present and future').isChecked()).toBe(false);
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
  });

  it("refuses to delete a site given to staff, saying the server's reason", async () => {
    await app.page.goto('/dashboard/sites');
    await app.page.getByRole('button', { name: `Delete ${SITE}` }).click();
    await app.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await app.page.getByText('This site is still given to staff members. Take it from them first, or make the site inactive.').waitFor();
    await app.page.getByRole('row').filter({ hasText: SITE }).waitFor();
  });
});
