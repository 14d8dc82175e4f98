import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.ts';
import { accessibilityViolations } from './support/accessibility.ts';
import { launchBrowser, signIn, type BrowserSession } from './support/browser.ts';

/**
 * The activity log through the real screens (issue 15, item 3): an administrator changes a
 * child's record, opens the log from the sidebar, filters it by type, finds the change and
 * follows its link to the child's page. The log screen is checked by axe against WCAG 2.1 AA.
 */

let server: RunningServer;
let browser: BrowserSession;
let context: BrowserContext;
let page: Page;
let orphanId = 0;

// A name no other entry carries, so the row found is this child's.
const FIRST = `Parwana${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
const LAST = 'Wardak';
const NAME = `${FIRST} ${LAST}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.baseUrl);
  context = await browser.newContext();
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const pathOf = (p: Page) => new URL(p.url()).pathname;

describe('the activity log in the browser', () => {
  it('signs in and has a child on record (made through the API, as the setup)', async () => {
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const res = await page.request.post('/api/orphans', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      data: { first_name: FIRST, last_name: LAST, father_name: 'Rahim', dob: '2013-05-02', gender: 'female', admission_date: '2021-03-01' },
    });
    expect(res.status()).toBe(201);
    orphanId = (await res.json()).data.id;
  });

  it("changes the child's record through the edit form", async () => {
    await page.goto(`/dashboard/orphans/edit/${orphanId}`);
    const father = page.getByLabel(/^Father's Name/);
    await expect.poll(() => father.inputValue()).toBe('Rahim');
    await father.fill('Abdul Rahim');
    const saved = page.waitForResponse((r) => /\/api\/orphans\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Update Orphan' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Orphan updated successfully').waitFor();
  });

  it('opens the log from the sidebar, filters by type and finds the change', async () => {
    const sidebar = page.getByRole('navigation', { name: 'Dashboard navigation' });
    // The Administration group holds the entry; open it when it is closed.
    const entry = sidebar.getByRole('link', { name: 'Activity Log' });
    if (!(await entry.isVisible())) await sidebar.getByRole('button', { name: 'Administration' }).click();
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/activities' && r.ok());
    await entry.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/activities');
    await listed;
    await page.getByRole('heading', { name: 'Activity Log', level: 2 }).waitFor();

    // Only orphan entries once the type is chosen, and the choice is kept in the address.
    const filtered = page.waitForResponse((r) => r.url().includes('/api/activities?') && r.url().includes('type=orphan') && r.ok());
    await page.getByLabel('Type', { exact: true }).selectOption('orphan');
    const answer = await (await filtered).json();
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.every((e: { type: string }) => e.type === 'orphan')).toBe(true);
    expect(new URL(page.url()).searchParams.get('type')).toBe('orphan');

    // Newest first: the update, then the creation, both naming the child and linking to the record.
    const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Open ${NAME}` }) });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await rows.nth(0).getByText('Updated', { exact: true }).waitFor();
    await rows.nth(1).getByText('Created', { exact: true }).waitFor();
    await rows.nth(0).getByText('Super Admin').waitFor();

    // A type with no entries of this kind says so.
    const events = page.waitForResponse((r) => r.url().includes('type=event') && r.ok());
    await page.getByLabel('Type', { exact: true }).selectOption('event');
    await events;
    await page.getByText('No activities found for the selected filters.').waitFor();
    await page.goBack();
    await rows.first().waitFor();

    // Axe measures the screen itself: once the save's toast has gone and no fade is running.
    await page.getByText('Orphan updated successfully').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("follows the entry's link to the child's page", async () => {
    await page.getByRole('row').filter({ hasText: 'Updated' }).getByRole('link', { name: `Open ${NAME}` }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/orphans/${orphanId}`);
    await page.getByRole('heading', { name: 'Orphan Details' }).waitFor();
    await page.getByText('Abdul Rahim').first().waitFor();
  });

  it('drops the link once the child is in the trash', async () => {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const res = await page.request.delete(`/api/orphans/${orphanId}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status()).toBe(200);
    await page.goto('/dashboard/activities?type=orphan');
    const deleted = page.getByRole('row').filter({ hasText: 'Deleted' }).filter({ hasText: NAME });
    await deleted.waitFor();
    expect(await page.getByRole('link', { name: `Open ${NAME}` }).count()).toBe(0);
  });
});
