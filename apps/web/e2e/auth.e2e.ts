import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, signIn, signOut, type BrowserSession } from './support/browser.ts';

let server: RunningServer;
let browser: BrowserSession;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

function pathOf(p: Page): string {
  return new URL(p.url()).pathname;
}

describe('signing in and out', () => {
  it('signs the admin in and lands on the dashboard', async () => {
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    // The admin sees the Administration group of the sidebar.
    await page.getByRole('button', { name: 'Administration' }).waitFor({ state: 'visible' });
  });

  it('signs out through the user menu', async () => {
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await signOut(page);
    expect(pathOf(page)).toBe('/login');
    // Signed out for real: the dashboard sends us back to the login screen.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor({ state: 'visible' });
  });

  it('shows the server message for a wrong password', async () => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('These credentials do not match our records.');
    expect(pathOf(page)).toBe('/login');
  });
});

describe('protected routes', () => {
  it('sends a guest from /dashboard/orphans to /login and back there after signing in', async () => {
    await page.goto('/dashboard/orphans');
    await page.waitForURL('**/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard/orphans');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Orphans');
  });

  it('sends a self-registered user without a role to /unauthorized', async () => {
    const email = `new.user.${Date.now()}@e2e.test`;
    const password = 'New-user-password-1';
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Farid Ahmadi');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Registration hands over to the login screen with a success notice.
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Registration successful');

    await signIn(page, email, password);
    expect(pathOf(page)).toBe('/dashboard');
    await page.goto('/dashboard/orphans');
    await page.waitForURL('**/unauthorized');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor({ state: 'visible' });
    await page.getByText("You don't have permission to access this resource. Please contact your administrator if you believe this is an error.").waitFor({ state: 'visible' });
  });
});

describe('signing out from a deep page', () => {
  it('does not send the next sign-in back to the page the last user left', async () => {
    await page.goto('/dashboard/orphans');
    await page.waitForURL('**/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard/orphans');
    await signOut(page);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard');
  });
});
