import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { signIn, signOut } from './support/browser.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';

const app = setUpBrowserApp();


describe('signing in and out', () => {
  it('signs the admin in and lands on the dashboard', async () => {
    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(app.page)).toBe('/dashboard');
    await expect.poll(() => app.page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    // The admin sees the Administration group of the sidebar.
    await app.page.getByRole('button', { name: 'Administration' }).waitFor({ state: 'visible' });
  });

  it('signs out through the user menu', async () => {
    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await signOut(app.page);
    expect(pathOf(app.page)).toBe('/login');
    // Signed out for real: the dashboard sends us back to the login screen.
    await app.page.goto('/dashboard');
    await app.page.waitForURL('**/login');
    await app.page.getByRole('heading', { name: 'Log in' }).waitFor({ state: 'visible' });
  });

  it('shows the server message for a wrong password', async () => {
    await app.page.goto('/login');
    await app.page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await app.page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await app.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => app.page.getByRole('alert').first().textContent()).toContain('These credentials do not match our records.');
    expect(pathOf(app.page)).toBe('/login');
  });
});

describe('protected routes', () => {
  it('sends a guest from /dashboard/orphans to /login and back there after signing in', async () => {
    await app.page.goto('/dashboard/orphans');
    await app.page.waitForURL('**/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(app.page)).toBe('/dashboard/orphans');
    await expect.poll(() => app.page.getByRole('heading', { level: 1 }).textContent()).toBe('Orphans');
  });

  it('sends a self-registered user without a role to /unauthorized', async () => {
    const email = `new.user.${Date.now()}@e2e.test`;
    const password = 'New-user-password-1';
    await app.page.goto('/register');
    await app.page.getByLabel('Full name').fill('Farid Ahmadi');
    await app.page.getByLabel('Email address').fill(email);
    await app.page.getByLabel('Password', { exact: true }).fill(password);
    await app.page.getByLabel('Confirm password').fill(password);
    await app.page.getByRole('button', { name: 'Sign up' }).click();

    // Registration hands over to the login screen with a success notice.
    await app.page.waitForURL('**/login');
    await expect.poll(() => app.page.getByRole('status').first().textContent()).toContain('Registration successful');

    await signIn(app.page, email, password);
    expect(pathOf(app.page)).toBe('/dashboard');
    await app.page.goto('/dashboard/orphans');
    await app.page.waitForURL('**/unauthorized');
    await app.page.getByRole('heading', { name: 'Access Denied' }).waitFor({ state: 'visible' });
    await app.page.getByText("You don't have permission to access this resource. Please contact your administrator if you believe this is an error.").waitFor({ state: 'visible' });
  });
});

describe('signing out from a deep page', () => {
  it('does not send the next sign-in back to the page the last user left', async () => {
    await app.page.goto('/dashboard/orphans');
    await app.page.waitForURL('**/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(app.page)).toBe('/dashboard/orphans');
    // This sign-in moved inside the app: the address changes first and the login page stays until
    // the dashboard's render commits, its header showing a user menu of the same name once signed in.
    await app.page.getByRole('main').getByRole('heading', { name: 'Orphans', exact: true }).waitFor();
    await signOut(app.page);
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(app.page)).toBe('/dashboard');
  });
});
