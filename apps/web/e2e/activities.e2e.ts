import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.ts';
import { pageToken } from './support/api.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';

/**
 * The activity log through the real screens: an administrator changes a
 * child's record, opens the log from the sidebar, filters it by type, finds the change and
 * follows its link to the child's page. The log screen is checked by axe against WCAG 2.1 AA.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
let orphanId = 0;

// A name no other entry carries, so the row found is this child's.
const FIRST = `Parwana${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
const LAST = 'Wardak';
const NAME = `${FIRST} ${LAST}`;

describe('the activity log in the browser', () => {
  it('has a child on record (made through the API, as the setup)', async () => {
    expect(pathOf(app.page)).toBe('/dashboard');
    const token = await pageToken(app.page);
    const res = await app.page.request.post('/api/orphans', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      data: { first_name: FIRST, last_name: LAST, father_name: 'Rahim', dob: '2013-05-02', gender: 'female', admission_date: '2021-03-01' },
    });
    expect(res.status()).toBe(201);
    orphanId = (await res.json()).data.id;
  });

  it("changes the child's record through the edit form", async () => {
    await app.page.goto(`/dashboard/orphans/edit/${orphanId}`);
    const father = app.page.getByLabel(/^Father's Name/);
    await expect.poll(() => father.inputValue()).toBe('Rahim');
    await father.fill('Abdul Rahim');
    const saved = app.page.waitForResponse((r) => /\/api\/orphans\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await app.page.getByRole('button', { name: 'Update Orphan' }).click();
    expect((await saved).status()).toBe(200);
    await app.page.getByText('Orphan updated successfully').waitFor();
  });

  it('opens the log from the sidebar, filters by type and finds the change', async () => {
    const sidebar = app.page.getByRole('navigation', { name: 'Dashboard navigation' });
    // The Administration group holds the entry; open it when it is closed. Its button says so
    // (aria-expanded), waited for: whether the entry happens to be on screen yet does not.
    const entry = sidebar.getByRole('link', { name: 'Activity Log' });
    const group = sidebar.getByRole('button', { name: 'Administration' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await entry.waitFor();
    const listed = app.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/activities' && r.ok());
    await entry.click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/activities');
    await listed;
    await app.page.getByRole('heading', { name: 'Activity Log', level: 2 }).waitFor();

    // Only orphan entries once the type is chosen, and the choice is kept in the address.
    const filtered = app.page.waitForResponse((r) => r.url().includes('/api/activities?') && r.url().includes('type=orphan') && r.ok());
    await app.page.getByLabel('Type', { exact: true }).selectOption('orphan');
    const answer = await (await filtered).json();
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.every((e: { type: string }) => e.type === 'orphan')).toBe(true);
    expect(new URL(app.page.url()).searchParams.get('type')).toBe('orphan');

    // Newest first: the update, then the creation, both naming the child and linking to the record.
    const rows = app.page.getByRole('row').filter({ has: app.page.getByRole('link', { name: `Open ${NAME}` }) });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await rows.nth(0).getByText('Updated', { exact: true }).waitFor();
    await rows.nth(1).getByText('Created', { exact: true }).waitFor();
    await rows.nth(0).getByText('Super Admin').waitFor();

    // A type with no entries of this kind says so.
    const events = app.page.waitForResponse((r) => r.url().includes('type=event') && r.ok());
    await app.page.getByLabel('Type', { exact: true }).selectOption('event');
    await events;
    await app.page.getByText('No activities found for the selected filters.').waitFor();
    await app.page.goBack();
    await rows.first().waitFor();

    // Axe measures the screen itself: once the save's toast has gone and no fade is running.
    await app.page.getByText('Orphan updated successfully').waitFor({ state: 'hidden' });
    await expect.poll(() => app.page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });

  it("follows the entry's link to the child's page", async () => {
    await app.page.getByRole('row').filter({ hasText: 'Updated' }).getByRole('link', { name: `Open ${NAME}` }).click();
    await app.page.waitForURL((url) => url.pathname === `/dashboard/orphans/${orphanId}`);
    await app.page.getByRole('heading', { name: 'Orphan Details' }).waitFor();
    await app.page.getByText('Abdul Rahim').first().waitFor();
  });

  it('drops the link once the child is in the trash', async () => {
    const token = await pageToken(app.page);
    const res = await app.page.request.delete(`/api/orphans/${orphanId}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status()).toBe(200);
    await app.page.goto('/dashboard/activities?type=orphan');
    const deleted = app.page.getByRole('row').filter({ hasText: 'Deleted' }).filter({ hasText: NAME });
    await deleted.waitFor();
    expect(await app.page.getByRole('link', { name: `Open ${NAME}` }).count()).toBe(0);
  });
});
