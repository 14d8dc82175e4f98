import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { apiCall } from './support/api.ts';
import { signIn, signOut } from './support/browser.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';

const app = setUpBrowserApp();


describe('user management', () => {
  it('creates a user with the Teacher role, who then signs in without administration access', async () => {
    const email = `teacher.${Date.now()}@e2e.test`;
    const password = 'Teacher-password-1';

    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await app.page.goto('/dashboard/users');
    await app.page.getByRole('heading', { name: 'User Management' }).waitFor();

    await app.page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name', { exact: true }).fill('Zahra Karimi');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByLabel('Confirm password').fill(password);
    await dialog.getByLabel('Teacher', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The new row shows the role; the search finds it.
    await app.page.getByPlaceholder('Search users...').fill(email);
    const row = app.page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Teacher');

    await signOut(app.page);
    await signIn(app.page, email, password);
    // Sign-in returns to the remembered page (here /dashboard/users), so open the overview first.
    await app.page.goto('/dashboard');
    await app.page.getByRole('button', { name: 'Management' }).waitFor();
    expect(await app.page.getByRole('button', { name: 'Administration' }).count()).toBe(0);

    await app.page.goto('/dashboard/users');
    await app.page.waitForURL('**/unauthorized');
    // The URL changes before the page renders: wait for the message (fails if it never shows).
    const denied = app.page.getByText('Access Denied').first();
    await denied.waitFor({ state: 'visible' });
    expect(await denied.isVisible()).toBe(true);
  });
});

describe('what a Manager is shown', () => {
  it('hides the controls the server refuses a Manager: changing a Super Admin, the Super Admin role and administer', async () => {
    const email = `manager.${Date.now()}@e2e.test`;
    const password = 'Manager-password-1';
    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await apiCall(app.page, 'POST', '/api/users', { name: 'Farid Manager', email, password, password_confirmation: password, roles: ['Manager'] });
    const me = await apiCall<{ user: { name: string } }>(app.page, 'GET', '/api/auth/user');
    await signOut(app.page);
    await signIn(app.page, email, password);

    await app.page.goto('/dashboard/users');
    await app.page.getByRole('heading', { name: 'User Management' }).waitFor();
    // The Manager's own row shows the controls a Manager may use; the Super Admin's row none of them.
    await app.page.getByRole('button', { name: 'Edit Farid Manager' }).waitFor();
    await app.page.getByRole('button', { name: 'Edit roles of Farid Manager' }).waitFor();
    const superAdminRow = app.page.getByRole('row').filter({ hasText: ADMIN_EMAIL });
    await superAdminRow.waitFor();
    expect(await superAdminRow.getByRole('button').count()).toBe(0);
    expect(await app.page.getByRole('button', { name: `Edit ${me.user.name}`, exact: true }).count()).toBe(0);

    // Neither form offers the Super Admin role.
    await app.page.getByRole('button', { name: 'Edit roles of Farid Manager' }).click();
    const rolesDialog = app.page.getByRole('dialog');
    await rolesDialog.getByLabel('Teacher', { exact: true }).waitFor();
    expect(await rolesDialog.getByLabel('Manager', { exact: true }).isChecked()).toBe(true);
    expect(await rolesDialog.getByLabel('Super Admin', { exact: true }).count()).toBe(0);
    await rolesDialog.getByRole('button', { name: 'Cancel' }).click();
    await rolesDialog.waitFor({ state: 'detached' });
    await app.page.getByRole('button', { name: 'Add New User' }).click();
    const addDialog = app.page.getByRole('dialog', { name: 'Add User' });
    await addDialog.getByLabel('Teacher', { exact: true }).waitFor();
    expect(await addDialog.getByLabel('Super Admin', { exact: true }).count()).toBe(0);
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await addDialog.waitFor({ state: 'detached' });

    // The Super Admin role has no Edit; another seeded role opens with its name fixed and administer out of reach.
    await app.page.getByRole('button', { name: 'Edit role Teacher' }).waitFor();
    expect(await app.page.getByRole('button', { name: 'Edit role Super Admin' }).count()).toBe(0);
    await app.page.getByRole('button', { name: 'Edit role Manager' }).click();
    const roleDialog = app.page.getByRole('dialog', { name: 'Edit Role: Manager' });
    const roleName = roleDialog.getByLabel('Role name', { exact: true });
    await roleName.waitFor();
    expect(await roleName.getAttribute('readonly')).not.toBeNull();
    const administer = roleDialog.getByTestId('permission-group-administer').getByRole('checkbox');
    await administer.waitFor();
    expect(await administer.isDisabled()).toBe(true);
    expect(await administer.getAttribute('aria-checked')).toBe('true');
    await roleDialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('content pages', () => {
  it('creates and publishes a page that visitors can then read at /pages/{slug}', async () => {
    const title = `Visiting Hours ${Date.now()}`;
    const slug = title.toLowerCase().replace(/ /g, '-');
    const body = 'Families may visit on Fridays between 2 and 4 in the afternoon.';

    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await app.page.goto('/dashboard/pages');
    await app.page.getByRole('button', { name: 'Create New Page' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Create New Page' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    // The slug follows the title on a new app.page.
    expect(await dialog.getByLabel('Slug', { exact: true }).inputValue()).toBe(slug);
    await dialog.getByRole('textbox', { name: 'Content' }).click();
    await app.page.keyboard.type(body);
    await dialog.getByRole('switch', { name: 'Published' }).click();
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = app.page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('Published');
    expect(await row.getByRole('link', { name: /View/ }).getAttribute('href')).toBe(`/pages/${slug}`);

    // A visitor (fresh profile, not signed in) reads it on the public site.
    const visitor = await app.browser.newContext();
    try {
      const publicPage = await visitor.newPage();
      await publicPage.goto(`/pages/${slug}`);
      await publicPage.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await publicPage.getByText(body).isVisible()).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it('drops a legal page from the footer once it is unpublished, and links it again when republished', async () => {
    // The starter legal pages are published on a fresh install (public-site.e2e.ts follows them).
    await app.page.goto('/');
    const footer = app.page.locator('footer');
    await footer.getByRole('link', { name: 'Privacy Policy' }).waitFor();

    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const setPublished = async (state: 'Draft' | 'Published') => {
      await app.page.goto('/dashboard/pages');
      await app.page.getByRole('button', { name: 'Edit Privacy Policy' }).click();
      const dialog = app.page.getByRole('dialog', { name: 'Edit Page' });
      await dialog.getByRole('switch', { name: 'Published' }).click();
      await dialog.getByRole('button', { name: 'Update Page' }).click();
      await dialog.waitFor({ state: 'detached' });
      await app.page.getByRole('row').filter({ hasText: 'privacy-policy' }).filter({ hasText: state }).waitFor();
    };
    await setPublished('Draft');

    await app.page.goto('/');
    await footer.getByRole('link', { name: 'Cookie Policy' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).count()).toBe(0);
    await app.page.goto('/pages/privacy-policy');
    await app.page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();

    await setPublished('Published');
    await app.page.goto('/');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await app.page.waitForURL('**/pages/privacy-policy');
    await app.page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(pathOf(app.page)).toBe('/pages/privacy-policy');
  });
});

describe('list screens on a phone', () => {
  it('keep the key columns and the row actions in view, and the page state in the URL', async () => {
    await app.page.setViewportSize({ width: 375, height: 740 });
    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await app.page.goto('/dashboard/pages');
    const row = app.page.getByRole('row').filter({ hasText: 'privacy-policy' });
    await row.waitFor();
    // The title and the actions stay; the slug column gives way on a narrow screen.
    expect(await row.getByRole('cell', { name: 'Privacy Policy', exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Edit Privacy Policy' }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Delete Privacy Policy' }).isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: 'privacy-policy', exact: true }).isVisible()).toBe(false);
    // Nothing pushes the page sideways.
    expect(await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    // A page size in the URL is the list's own; Back returns to the list as it was.
    await app.page.getByLabel('Per page').selectOption('5');
    await app.page.waitForURL('**/dashboard/pages?per_page=5');
    await app.page.goBack();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/pages' && url.search === '');
    // The address changes first; the select follows when the router's render commits (a transition).
    await expect.poll(() => app.page.getByLabel('Per page').inputValue()).toBe('10');
  });
});
