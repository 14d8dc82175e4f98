import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { accessibilityViolations } from './support/accessibility.ts';
import { isoParts, shownDate, typeDate } from './support/date-field.ts';
import { signIn } from './support/browser.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';
import { jpegPhoto, type FilePayload } from './support/photo.ts';

/**
 * The life of one child's record through the real screens: create with a photo,
 * find by search, open the details with the photo, edit, delete, restore from the trash. Each
 * screen on the way (list, form with its messages, details, confirmation, trash) is checked by
 * axe against WCAG 2.1 AA.
 */

const app = setUpBrowserApp({ pagePer: 'file' });
let photo: FilePayload;
let orphanId = 0;

// A name no seed data carries, so the search finds exactly this child.
const suffix = Date.now().toString(36);
const FIRST = `Zarghona${suffix}`;
const LAST = 'Sadat';
const NAME = `${FIRST} ${LAST}`;
const LONG_EMAIL = 'scholarships.office.of.the.kabul.education.foundation@donors.example.org';

beforeAll(async () => {
  photo = await jpegPhoto('portrait.jpg', 320, 400, { r: 180, g: 90, b: 60 });
});

/**
 * Type into the list's search box and wait until the list's URL carries the search and its request
 * has answered 200. A box that already holds the text (the list came back with its search) makes
 * no new debounced request: the list's own request on arriving is the one that counted.
 */
async function search(text: string) {
  const box = app.page.getByRole('searchbox', { name: 'Search orphans' });
  const already = (await box.inputValue()) === text;
  const answered = app.page.waitForResponse((r) => r.url().includes('/api/orphans?') && new URL(r.url()).searchParams.get('search') === text);
  await box.fill(text);
  await app.page.waitForURL((url) => url.searchParams.get('search') === text);
  if (already) return void answered.catch(() => {});
  expect((await answered).status()).toBe(200);
}

/** True once the <img> has really loaded (a signed URL that works, decoded by the browser). */
function imageLoaded(name: string) {
  return app.page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

describe('orphan records in the browser', () => {
  it('signs in as the administrator', async () => {
    await app.page.goto('/login');
    await signIn(app.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(pathOf(app.page)).toBe('/dashboard');
  });

  it('creates an orphan with a photo', async () => {
    await app.page.goto('/dashboard/orphans');
    await app.page.getByRole('link', { name: 'Add New Orphan' }).click();
    await app.page.waitForURL('**/dashboard/orphans/create');
    await app.page.getByRole('heading', { name: 'Add New Orphan' }).waitFor();

    // Submitting empty shows the schema's messages on the fields.
    await app.page.getByRole('button', { name: 'Add Orphan' }).click();
    await app.page.getByText('First name is required').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await app.page.getByLabel(/^First Name/).fill(FIRST);
    await app.page.getByLabel(/^Last Name/).fill(LAST);
    await app.page.getByLabel(/^Father's Name/).fill('Rahim');
    await typeDate(app.page, /^Date of Birth/, isoParts('2014-03-21'));
    await app.page.getByLabel(/^Gender/).selectOption('female');
    await app.page.getByLabel(/^Class \/ Grade/).selectOption('0');
    await typeDate(app.page, /^Admission Date/, isoParts('2023-09-01'));
    await app.page.getByLabel(/^Total Income/).fill('1250.5');
    await app.page.getByLabel(/^Hobbies/).fill('Calligraphy');
    await app.page.getByLabel(/^Donor Email/).fill(LONG_EMAIL);
    await app.page.getByLabel('Profile Photo').setInputFiles(photo);
    await expect.poll(() => imageLoaded('Photo preview')).toBe(true);

    const saved = app.page.waitForResponse((r) => r.url().endsWith('/api/orphans') && r.request().method() === 'POST');
    await app.page.getByRole('button', { name: 'Add Orphan' }).click();
    expect((await saved).status()).toBe(201);
    await app.page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await app.page.getByText('Orphan created successfully').waitFor();
  });

  it('finds the orphan by search and shows the details with the photo', async () => {
    await search(FIRST);
    const link = app.page.getByRole('link', { name: NAME, exact: true });
    await link.waitFor();
    const row = app.page.getByRole('row').filter({ has: link });
    // The columns shown depend on the frame's width; the grade is among them at this one.
    expect(await row.getByRole('cell').allTextContents()).toContain('PREP');
    await row.getByText('Active').filter({ visible: true }).waitFor();
    expect(await app.page.getByRole('row').count()).toBe(2); // header + this child
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await link.click();
    await app.page.waitForURL(/\/dashboard\/orphans\/\d+$/);
    await app.page.getByRole('heading', { name: 'Orphan Details' }).waitFor();
    await expect.poll(() => imageLoaded(`Photo of ${NAME}`)).toBe(true);
    await app.page.getByText('Calligraphy').waitFor();
    await app.page.getByText('1,250.50').waitFor();
    await app.page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    // A long address wraps inside its card; the page does not scroll sideways.
    await app.page.getByRole('link', { name: LONG_EMAIL }).waitFor();
    expect(await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await accessibilityViolations(app.page)).toEqual([]);
    // The same in the dark theme (its link colours are other shades), then back to light.
    await app.page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await app.page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    // Colours fade between themes: measure once the fades are over.
    await expect.poll(() => app.page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await app.page.getByRole('button', { name: 'Switch to light mode' }).click();
  });

  it('edits a field', async () => {
    await app.page.getByRole('link', { name: 'Edit' }).click();
    await app.page.waitForURL(/\/dashboard\/orphans\/edit\/\d+$/);
    orphanId = Number(pathOf(app.page).split('/').pop());
    const father = app.page.getByLabel(/^Father's Name/);
    await expect.poll(() => father.inputValue()).toBe('Rahim');
    expect(await shownDate(app.page, /^Date of Birth/)).toEqual({ month: '3', day: '21', year: '2014' });
    await father.fill('Abdul Rahim');

    const saved = app.page.waitForResponse((r) => /\/api\/orphans\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await app.page.getByRole('button', { name: 'Update Orphan' }).click();
    expect((await saved).status()).toBe(200);
    await app.page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await app.page.getByText('Orphan updated successfully').waitFor();

    // Newest first: the edited child heads the list, with the new father's name under the name.
    await app.page.goto('/dashboard/orphans?sort=-id');
    const row = app.page.getByRole('row').filter({ has: app.page.getByRole('link', { name: NAME, exact: true }) });
    await row.getByText('Abdul Rahim').waitFor();
  });

  it("refuses a save over someone else's newer one, keeping what was typed", async () => {
    await app.page.goto(`/dashboard/orphans/edit/${orphanId}`);
    const father = app.page.getByLabel(/^Father's Name/);
    await expect.poll(() => father.inputValue()).toBe('Abdul Rahim');

    // Meanwhile a colleague (another tab, same kind of session) saves the same child.
    const other = await app.page.context().newPage();
    await other.goto(`/dashboard/orphans/edit/${orphanId}`);
    const otherNotes = other.getByLabel(/^Notes/);
    await otherNotes.waitFor();
    await otherNotes.fill('Seen by the nurse');
    await other.getByRole('button', { name: 'Update Orphan' }).click();
    await other.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await other.close();

    await father.fill('Abdul Rahim Sadat');
    const refused = app.page.waitForResponse((r) => /\/api\/orphans\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await app.page.getByRole('button', { name: 'Update Orphan' }).click();
    expect((await refused).status()).toBe(409);
    await app.page.getByRole('alert').filter({ hasText: 'Someone else saved this orphan after you opened it.' }).waitFor();
    expect(await father.inputValue()).toBe('Abdul Rahim Sadat');
    expect(pathOf(app.page)).toBe(`/dashboard/orphans/edit/${orphanId}`);

    // Reloaded, the colleague's note is there and the same change saves.
    await app.page.reload();
    await expect.poll(() => app.page.getByLabel(/^Notes/).inputValue()).toBe('Seen by the nurse');
    await father.fill('Abdul Rahim Sadat');
    await app.page.getByRole('button', { name: 'Update Orphan' }).click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    await app.page.getByText('Orphan updated successfully').waitFor();
  });

  it('still finds the orphan by search after the edit', async () => {
    await search(FIRST);
    await app.page.getByRole('row').filter({ has: app.page.getByRole('link', { name: NAME, exact: true }) }).waitFor();
  });

  it('deletes the orphan after confirming', async () => {
    await app.page.goto('/dashboard/orphans?sort=-id');
    await app.page.getByRole('button', { name: `Delete ${NAME}` }).click();
    const dialog = app.page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this orphan?').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await app.page.getByText('Orphan moved to trash').waitFor();
    await expect.poll(() => app.page.getByRole('link', { name: NAME, exact: true }).count()).toBe(0);
    // Gone from the list, and its details answer not found.
    await app.page.goto(`/dashboard/orphans/${orphanId}`);
    await app.page.getByText(/^Error loading orphan details:/).waitFor();
    await app.page.goto('/dashboard/orphans');
  });

  it('restores it from the trash and sees it back in the list', async () => {
    await app.page.getByRole('link', { name: 'Trash' }).click();
    await app.page.waitForURL('**/dashboard/orphans/trash');
    const restore = app.page.getByRole('button', { name: `Restore ${NAME}` });
    await restore.waitFor();
    // Administrators may also purge; the button is there but not used here.
    await app.page.getByRole('button', { name: `Delete ${NAME} permanently` }).waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await restore.click();
    await expect.poll(() => restore.count()).toBe(0);

    await app.page.getByRole('link', { name: 'Back to List' }).click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/orphans');
    // The URL changes first and the trash screen stays until the list's render commits (a
    // transition): its search box has the same name, and typing into it would be lost with it.
    // The list's own heading is inside <main>: the header's title says "Orphans" on both screens.
    await app.page.getByRole('main').getByRole('heading', { name: 'Orphans', exact: true }).waitFor();
    await search(FIRST);
    await app.page.getByRole('link', { name: NAME, exact: true }).waitFor();
  });
});
