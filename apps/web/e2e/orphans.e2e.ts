import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.ts';
import { accessibilityViolations } from './support/accessibility.ts';
import { isoParts, shownDate, typeDate } from './support/date-field.ts';
import { launchBrowser, signIn, type BrowserSession } from './support/browser.ts';

/**
 * The life of one child's record through the real screens (issue 4, item 8): create with a photo,
 * find by search, open the details with the photo, edit, delete, restore from the trash. Each
 * screen on the way (list, form with its messages, details, confirmation, trash) is checked by
 * axe against WCAG 2.1 AA.
 */

let server: RunningServer;
let browser: BrowserSession;
let context: BrowserContext;
let page: Page;
let photoDir: string;
let photoPath: string;
let orphanId = 0;

// A name no seed data carries, so the search finds exactly this child.
const suffix = Date.now().toString(36);
const FIRST = `Zarghona${suffix}`;
const LAST = 'Sadat';
const NAME = `${FIRST} ${LAST}`;
const LONG_EMAIL = 'scholarships.office.of.the.kabul.education.foundation@donors.example.org';

beforeAll(async () => {
  photoDir = mkdtempSync(path.join(tmpdir(), 'orphan-photo-'));
  photoPath = path.join(photoDir, 'portrait.jpg');
  await sharp({ create: { width: 320, height: 400, channels: 3, background: { r: 180, g: 90, b: 60 } } })
    .jpeg({ quality: 80 })
    .toFile(photoPath);
  server = await startServer();
  browser = await launchBrowser(server.baseUrl);
  context = await browser.newContext();
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (photoDir) rmSync(photoDir, { recursive: true, force: true });
});

const pathOf = (p: Page) => new URL(p.url()).pathname;

/** Type into the list's search box and wait for the debounced request to answer. */
async function search(text: string) {
  const box = page.getByRole('searchbox', { name: 'Search orphans' });
  const answered = page.waitForResponse((r) => r.url().includes('/api/orphans?') && r.url().includes('search=') && r.ok());
  await box.fill(text);
  await answered;
}

/** True once the <img> has really loaded (a signed URL that works, decoded by the browser). */
function imageLoaded(name: string) {
  return page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

describe('orphan records in the browser', () => {
  it('signs in as the administrator', async () => {
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('creates an orphan with a photo', async () => {
    await page.goto('/dashboard/orphans');
    await page.getByRole('link', { name: 'Add New Orphan' }).click();
    await page.waitForURL('**/dashboard/orphans/create');
    await page.getByRole('heading', { name: 'Add New Orphan' }).waitFor();

    // Submitting empty shows the schema's messages on the fields.
    await page.getByRole('button', { name: 'Add Orphan' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel(/^First Name/).fill(FIRST);
    await page.getByLabel(/^Last Name/).fill(LAST);
    await page.getByLabel(/^Father's Name/).fill('Rahim');
    await typeDate(page, /^Date of Birth/, isoParts('2014-03-21'));
    await page.getByLabel(/^Gender/).selectOption('female');
    await page.getByLabel(/^Class \/ Grade/).selectOption('0');
    await typeDate(page, /^Admission Date/, isoParts('2023-09-01'));
    await page.getByLabel(/^Total Income/).fill('1250.5');
    await page.getByLabel(/^Hobbies/).fill('Calligraphy');
    await page.getByLabel(/^Donor Email/).fill(LONG_EMAIL);
    await page.getByLabel('Profile Photo').setInputFiles(photoPath);
    await expect.poll(() => imageLoaded('Photo preview')).toBe(true);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/orphans') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Add Orphan' }).click();
    expect((await saved).status()).toBe(201);
    await page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await page.getByText('Orphan created successfully').waitFor();
  });

  it('finds the orphan by search and shows the details with the photo', async () => {
    await search(FIRST);
    const link = page.getByRole('link', { name: NAME, exact: true });
    await link.waitFor();
    const row = page.getByRole('row').filter({ has: link });
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('PREP');
    await row.getByText('Active').waitFor();
    expect(await page.getByRole('row').count()).toBe(2); // header + this child
    expect(await accessibilityViolations(page)).toEqual([]);

    await link.click();
    await page.waitForURL(/\/dashboard\/orphans\/\d+$/);
    await page.getByRole('heading', { name: 'Orphan Details' }).waitFor();
    await expect.poll(() => imageLoaded(`Photo of ${NAME}`)).toBe(true);
    await page.getByText('Calligraphy').waitFor();
    await page.getByText('1,250.50').waitFor();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    // A long address wraps inside its card; the page does not scroll sideways.
    await page.getByRole('link', { name: LONG_EMAIL }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    // The same in the dark theme (its link colours are other shades), then back to light.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    // Colours fade between themes: measure once the fades are over.
    await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
  });

  it('edits a field', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/dashboard\/orphans\/edit\/\d+$/);
    orphanId = Number(pathOf(page).split('/').pop());
    const father = page.getByLabel(/^Father's Name/);
    await expect.poll(() => father.inputValue()).toBe('Rahim');
    expect(await shownDate(page, /^Date of Birth/)).toEqual({ month: '3', day: '21', year: '2014' });
    await father.fill('Abdul Rahim');

    const saved = page.waitForResponse((r) => /\/api\/orphans\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Update Orphan' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await page.getByText('Orphan updated successfully').waitFor();

    // Newest first: the edited child heads the list, with the new father's name under the name.
    await page.goto('/dashboard/orphans?sort=-id');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
    await row.getByText('Abdul Rahim').waitFor();
  });

  it("refuses a save over someone else's newer one, keeping what was typed", async () => {
    await page.goto(`/dashboard/orphans/edit/${orphanId}`);
    const father = page.getByLabel(/^Father's Name/);
    await expect.poll(() => father.inputValue()).toBe('Abdul Rahim');

    // Meanwhile a colleague (another tab, same kind of session) saves the same child.
    const other = await context.newPage();
    await other.goto(`/dashboard/orphans/edit/${orphanId}`);
    const otherNotes = other.getByLabel(/^Notes/);
    await otherNotes.waitFor();
    await otherNotes.fill('Seen by the nurse');
    await other.getByRole('button', { name: 'Update Orphan' }).click();
    await other.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await other.close();

    await father.fill('Abdul Rahim Sadat');
    const refused = page.waitForResponse((r) => /\/api\/orphans\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Update Orphan' }).click();
    expect((await refused).status()).toBe(409);
    await page.getByRole('alert').filter({ hasText: 'Someone else saved this orphan after you opened it.' }).waitFor();
    expect(await father.inputValue()).toBe('Abdul Rahim Sadat');
    expect(pathOf(page)).toBe(`/dashboard/orphans/edit/${orphanId}`);

    // Reloaded, the colleague's note is there and the same change saves.
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Notes/).inputValue()).toBe('Seen by the nurse');
    await father.fill('Abdul Rahim Sadat');
    await page.getByRole('button', { name: 'Update Orphan' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await page.getByText('Orphan updated successfully').waitFor();
  });

  it('still finds the orphan by search after the edit', async () => {
    await search(FIRST);
    await page.getByRole('row').filter({ has: page.getByRole('link', { name: NAME, exact: true }) }).waitFor();
  });

  it('deletes the orphan after confirming', async () => {
    await page.goto('/dashboard/orphans?sort=-id');
    await page.getByRole('button', { name: `Delete ${NAME}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this orphan?').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Orphan moved to trash').waitFor();
    await expect.poll(() => page.getByRole('link', { name: NAME, exact: true }).count()).toBe(0);
    // Gone from the list, and its details answer not found.
    await page.goto(`/dashboard/orphans/${orphanId}`);
    await page.getByText(/^Error loading orphan details:/).waitFor();
    await page.goto('/dashboard/orphans');
  });

  it('restores it from the trash and sees it back in the list', async () => {
    await page.getByRole('link', { name: 'Trash' }).click();
    await page.waitForURL('**/dashboard/orphans/trash');
    const restore = page.getByRole('button', { name: `Restore ${NAME}` });
    await restore.waitFor();
    // Administrators may also purge; the button is there but not used here.
    await page.getByRole('button', { name: `Delete ${NAME} permanently` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await restore.click();
    await expect.poll(() => restore.count()).toBe(0);

    await page.getByRole('link', { name: 'Back to List' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await search(FIRST);
    await page.getByRole('link', { name: NAME, exact: true }).waitFor();
  });
});
