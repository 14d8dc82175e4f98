import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { accessibilityViolations } from './support/accessibility.ts';
import { apiCall } from './support/api.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';
import { jpegPhoto } from './support/photo.ts';

/**
 * A caseworker's gallery through the real screens: upload a photo and a video
 * of a child (resumably, over tus), see the video's state go from processing to ready, play its
 * 360p version in the viewer, download the photo, look through the lightbox, edit and delete,
 * and find the child's latest media on their details page. Each screen is checked by axe.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
let dir: string;
let photoPath: string;
let clipPath: string | null = null;
let notesPath: string;
let orphanId = 0;

const NAME = `Mahtab${Date.now().toString(36)}`;

function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gallery-e2e-'));
  photoPath = path.join(dir, 'school-visit.jpg');
  writeFileSync(photoPath, (await jpegPhoto('school-visit.jpg', 800, 600, { r: 40, g: 120, b: 200 })).buffer);
  // Over two 5 MB chunks of plain text: a document sent in three requests.
  notesPath = path.join(dir, 'caseworker-notes.txt');
  const line = 'Visited the family; school attendance good; next visit in March.\n';
  writeFileSync(notesPath, line.repeat(Math.ceil((11 * 1024 * 1024) / line.length)));
  if (hasFfmpeg()) {
    clipPath = path.join(dir, 'sports-day.mp4');
    // The clip: 3 s at 1280×720, so 360p is made, and 720p and 1080p (at or above the original) are not.
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=1280x720:rate=25', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', clipPath]);
  }
});

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Fill the upload page and send; resolves once the page has gone back to the child's gallery. */
/**
 * The server receives the first PATCH of an upload and answers `status`; the answer never reaches
 * the page (the connection resets). Returns the methods the page sends, in order.
 */
async function loseFirstPatchAnswer(status: number): Promise<string[]> {
  const requests: string[] = [];
  await app.page.route('**/api/uploads/*', async (route) => {
    const request = route.request();
    requests.push(request.method());
    if (request.method() === 'PATCH' && requests.filter((m) => m === 'PATCH').length === 1) {
      const answer = await route.fetch();
      expect(answer.status()).toBe(status);
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  return requests;
}

async function upload(mediaType: 'Image' | 'Video' | 'Document', title: string, file: string) {
  await app.page.getByLabel('Media Type').selectOption({ label: mediaType });
  await app.page.getByLabel('Title').fill(title);
  await app.page.getByLabel('Files').setInputFiles(file);
  const created = app.page.waitForResponse((r) => r.url().includes('/api/uploads') && r.request().method() === 'POST');
  await app.page.getByRole('button', { name: 'Upload', exact: true }).click();
  expect((await created).status()).toBe(201);
  await app.page.waitForURL((url) => url.pathname === '/dashboard/gallery' && url.searchParams.get('orphan_id') === String(orphanId), { timeout: 60_000 });
  await app.page.getByText('Media uploaded successfully').waitFor();
}

/** axe on the page as it is, once toasts and dialogs have faded in (a half-faded colour is no measure). */
async function expectAccessible() {
  // (Spinners turn for ever; only fades that end are waited for.)
  const fading = () =>
    app.page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length);
  await expect.poll(fading).toBe(0);
  expect(await accessibilityViolations(app.page)).toEqual([]);
}

const card = (title: string) => app.page.getByRole('listitem').filter({ has: app.page.getByRole('heading', { name: title, exact: true }) });

describe('the gallery in the browser', () => {
  it('has a child to file media under', async () => {
    const saved = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', {
      first_name: NAME,
      last_name: 'Karimi',
      father_name: 'Nasir',
      dob: '2013-05-02',
      gender: 'female',
      admission_date: '2022-09-01',
      status: 'active',
    });
    orphanId = saved.data.id;
    expect(orphanId).toBeGreaterThan(0);
  });

  it('asks for a child first, then says when they have no media', async () => {
    await app.page.goto('/dashboard/gallery');
    await app.page.getByText('Select an orphan to view their media').waitFor();
    await expectAccessible();
    await app.page.getByLabel('Orphan').selectOption({ label: `${NAME} Karimi (Nasir) · ID ${orphanId}` });
    await app.page.waitForURL((url) => url.searchParams.get('orphan_id') === String(orphanId));
    await app.page.getByText('No media found for selected orphan').waitFor();
  });

  it('uploads a photo from the upload page', async () => {
    await app.page.getByRole('link', { name: 'Upload New Media' }).click();
    await app.page.waitForURL('**/dashboard/gallery/upload?orphan_id=*');
    await app.page.getByRole('heading', { name: 'Upload New Media' }).waitFor();
    // The child came along from the gallery; without a file the form cannot be sent.
    await expect.poll(() => app.page.getByLabel('Orphan').inputValue()).toBe(String(orphanId));
    expect(await app.page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    expect(await app.page.getByLabel('Files').getAttribute('accept')).toBe('image/*');
    await expectAccessible();

    await upload('Image', 'School visit', photoPath);
    const photo = card('School visit');
    await photo.waitFor();
    await expect.poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible();
  });

  it('downloads the photo through the download dialog', async () => {
    await app.page.getByRole('button', { name: 'Download School visit' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Download School visit' });
    await dialog.waitFor();
    await expectAccessible();
    const [download] = await Promise.all([app.page.waitForEvent('download'), dialog.getByRole('link', { name: /^Original quality/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.jpe?g$/);
    const saved = path.join(dir, 'downloaded.jpg');
    await download.saveAs(saved);
    expect(statSync(saved).size).toBeGreaterThan(1000);
    expect(readFileSync(saved).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    await app.page.keyboard.press('Escape');
  });

  it('resumes a document upload after the connection drops mid-file, from where it stopped', async () => {
    // The second chunk's request dies as on a dropping mobile link; the page asks the server how
    // far it got (HEAD) and sends the rest from there, never from the start.
    const requests: string[] = [];
    let patches = 0;
    await app.page.route('**/api/uploads/*', async (route) => {
      const request = route.request();
      requests.push(`${request.method()} ${request.headers()['upload-offset'] ?? ''}`.trim());
      if (request.method() === 'PATCH' && (patches += 1) === 2) return route.abort('connectionreset');
      return route.continue();
    });
    await app.page.goto(`/dashboard/gallery/upload?orphan_id=${orphanId}`);
    await upload('Document', 'Caseworker notes', notesPath);
    await app.page.unroute('**/api/uploads/*');
    const chunk = String(5 * 1024 * 1024);
    expect(requests).toEqual(['PATCH 0', `PATCH ${chunk}`, 'HEAD', `PATCH ${chunk}`, `PATCH ${2 * 5 * 1024 * 1024}`]);

    // What was stored is the file, byte for byte.
    const list = await apiCall<{ data: Array<{ title: string; original_url: string }> }>(app.page, 'GET', `/api/galleries?orphan_id=${orphanId}&media_type=document`);
    const stored = list.data.find((m) => m.title === 'Caseworker notes')!;
    const digest = await app.page.evaluate(async (url) => {
      const bytes = await (await fetch(url)).arrayBuffer();
      return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
    }, stored.original_url);
    expect(digest).toBe(createHash('sha256').update(readFileSync(notesPath)).digest('hex'));
    await card('Caseworker notes').waitFor();
  });

  it('uploads a video, waits for its 360p version and plays it', async (ctx) => {
    if (!clipPath) ctx.skip();
    await app.page.goto(`/dashboard/gallery/upload?orphan_id=${orphanId}`);
    await upload('Video', 'Sports day', clipPath!);
    const video = card('Sports day');
    await video.waitFor();
    // The grid polls while a video is processing: its badge turns Ready once the resolutions exist.
    await video.getByText('Ready').waitFor({ timeout: 120_000 });

    await app.page.getByRole('button', { name: 'Download Sports day' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Download Sports day' });
    // Each choice says what it costs: 360p its size, smaller than the original's.
    const low = dialog.getByRole('link', { name: /^360p/ });
    await low.waitFor();
    expect(await low.textContent()).toMatch(/^360p, [\d.]+ (KB|MB) \(smaller/);
    expect(await dialog.getByRole('link', { name: /^Original quality \([\d.]+ (KB|MB)\)$/ }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: /^(720p|1080p)/ }).count()).toBe(0);
    expect(await dialog.getByText('still being processed').count()).toBe(0);
    await app.page.keyboard.press('Escape');

    await app.page.getByRole('button', { name: 'Open Sports day' }).click();
    const viewer = app.page.getByRole('dialog', { name: 'Sports day' });
    expect(await viewer.getByLabel('Quality').inputValue()).toBe('360p');
    const player = viewer.locator('video');
    expect(await player.getAttribute('src')).toContain('/360p');
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
    expect(await player.evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(360);
    await expectAccessible();
    await app.page.keyboard.press('Escape');
  });

  it('uploads several photos at once, one media item each with a numbered title', async () => {
    const second = path.join(dir, 'school-visit-2.jpg');
    await sharp(photoPath).rotate(90).toFile(second);
    await app.page.goto(`/dashboard/gallery/upload?orphan_id=${orphanId}`);
    await app.page.getByLabel('Files').setInputFiles([photoPath, second]);
    await app.page.getByRole('list', { name: 'Files' }).getByRole('listitem').nth(1).waitFor();
    await app.page.getByLabel('Title').fill('Trip');
    await app.page.getByRole('button', { name: 'Upload 2 files' }).click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/gallery' && url.searchParams.get('orphan_id') === String(orphanId));
    await card('Trip (1/2)').waitFor();
    await card('Trip (2/2)').waitFor();
  });

  it('marks a refused file of a batch and skips it, and the files after it still go', async () => {
    // A page named .jpg: the browser offers it as a photo, the server refuses it by its content.
    const fake = path.join(dir, 'not-a-photo.jpg');
    writeFileSync(fake, '<!doctype html><title>x</title>');
    const last = path.join(dir, 'school-visit-3.jpg');
    await sharp(photoPath).rotate(180).toFile(last);
    await app.page.goto(`/dashboard/gallery/upload?orphan_id=${orphanId}`);
    await app.page.getByLabel('Files').setInputFiles([photoPath, fake, last]);
    const files = app.page.getByRole('list', { name: 'Files' }).getByRole('listitem');
    await files.nth(2).waitFor();
    await app.page.getByLabel('Title').fill('Batch');
    await app.page.getByRole('button', { name: 'Upload 3 files' }).click();
    // The refused one says why; the one after it is sent all the same.
    await files.nth(1).getByText(/^Failed: The file must be an image/).waitFor({ timeout: 60_000 });
    await files.nth(2).getByText(/Uploaded/).waitFor({ timeout: 60_000 });
    await files.nth(0).getByText(/Uploaded/).waitFor();
    await app.page.getByText('1 of 3 files could not be uploaded').waitFor();
    await app.page.goto(`/dashboard/gallery?orphan_id=${orphanId}`);
    await card('Batch (1/3)').waitFor();
    await card('Batch (3/3)').waitFor();
    expect(await card('Batch (2/3)').count()).toBe(0);
    // Out of the way again: the tests after this one find the child's latest media as they were.
    const listed = await apiCall<{ data: Array<{ id: number; title: string }> }>(app.page, 'GET', `/api/galleries?orphan_id=${orphanId}&per_page=50`);
    for (const item of listed.data.filter((m) => m.title.startsWith('Batch'))) await apiCall(app.page, 'DELETE', `/api/galleries/${item.id}`);
  });

  it('steps through the lightbox with Next and Previous', async () => {
    await app.page.getByRole('button', { name: 'Open School visit' }).click();
    const viewer = app.page.getByRole('dialog', { name: 'School visit' });
    await viewer.getByRole('img', { name: 'School visit' }).waitFor();
    await expectAccessible();
    // Next shows another item of the page; Previous comes back.
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => app.page.getByRole('dialog', { name: 'School visit' }).count()).toBe(0);
    await app.page.getByRole('button', { name: 'Previous' }).click();
    await app.page.getByRole('dialog', { name: 'School visit' }).waitFor();
    await app.page.keyboard.press('Escape');
  });

  it('shows the latest media on the child’s details page, linking to their gallery', async () => {
    await app.page.goto(`/dashboard/orphans/${orphanId}`);
    await app.page.getByRole('heading', { name: 'Latest Media' }).waitFor();
    await app.page.getByRole('link', { name: 'School visit' }).waitFor();
    await expectAccessible();
    await app.page.getByRole('link', { name: 'View all in Gallery' }).click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/gallery' && url.searchParams.get('orphan_id') === String(orphanId));
    await card('School visit').waitFor();
  });

  it("replaces the photo's file from the edit form: a refused file is said on its field, an accepted one takes its place", async () => {
    const fake = path.join(dir, 'not-a-photo.jpg');
    writeFileSync(fake, '<html><body>not a photo</body></html>');
    const wide = path.join(dir, 'school-visit-wide.png');
    await sharp({ create: { width: 1000, height: 400, channels: 3, background: { r: 200, g: 90, b: 30 } } }).png().toFile(wide);

    await app.page.getByRole('button', { name: 'Edit School visit' }).click();
    const form = app.page.getByRole('dialog', { name: 'Edit Media' });
    const file = form.getByLabel('Replace file');
    expect(await file.getAttribute('accept')).toBe('image/*');
    await file.setInputFiles(fake);
    await form.getByRole('button', { name: 'Update Media' }).click();
    // The server looked at the bytes: an image it is not. The form stays, the old photo too.
    await form.getByText(/^The file must be an image \(not SVG\)/).waitFor();
    await expectAccessible();

    await file.setInputFiles(wide);
    await form.getByRole('button', { name: 'Update Media' }).click();
    await app.page.getByText('Media updated successfully').waitFor();
    const list = await apiCall<{ data: Array<{ title: string; file_name: string; mime_type: string }> }>(app.page, 'GET', `/api/galleries?orphan_id=${orphanId}&media_type=image`);
    expect(list.data.filter((m) => m.title === 'School visit').map((m) => [m.file_name, m.mime_type])).toEqual([['school-visit-wide.png', 'image/png']]);
    // The card shows the new photo's thumbnail: wide, where the old one was 4:3.
    const photo = card('School visit').locator('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete && img.naturalHeight ? img.naturalWidth / img.naturalHeight : 0))).toBe(2.5);
  });

  it('finishes an upload whose last answer was lost on the way: the retry learns it was saved', async () => {
    const letter = path.join(dir, 'thank-you-letter.txt');
    writeFileSync(letter, 'Dear sponsor,\nThank you for the school books.\n');
    // The server receives the whole file and saves it; its answer never reaches the page.
    const requests = await loseFirstPatchAnswer(200);
    await app.page.goto(`/dashboard/gallery/upload?orphan_id=${orphanId}`);
    await upload('Document', 'Thank-you letter', letter);
    await app.page.unroute('**/api/uploads/*');
    // Asked how far it got, the server said: all of it, saved. Nothing was sent twice.
    expect(requests).toEqual(['PATCH', 'HEAD']);
    const list = await apiCall<{ data: Array<{ title: string }> }>(app.page, 'GET', `/api/galleries?orphan_id=${orphanId}&media_type=document`);
    expect(list.data.filter((m) => m.title === 'Thank-you letter')).toHaveLength(1);
    await card('Thank-you letter').waitFor();
  });

  it('shows a refusal whose answer was lost on the way, without sending the file again', async () => {
    const fake = path.join(dir, 'not-a-photo-either.jpg');
    writeFileSync(fake, '<html><body>not a photo either</body></html>');
    const before = await apiCall<{ total: number }>(app.page, 'GET', `/api/galleries?orphan_id=${orphanId}`);
    // The server refuses the file at its end (HTML, not an image); its answer never reaches the page.
    const requests = await loseFirstPatchAnswer(422);
    await app.page.goto(`/dashboard/gallery/upload?orphan_id=${orphanId}`);
    await app.page.getByLabel('Media Type').selectOption({ label: 'Image' });
    await app.page.getByLabel('Title').fill('Not a photo');
    await app.page.getByLabel('Files').setInputFiles(fake);
    await app.page.getByRole('button', { name: 'Upload', exact: true }).click();
    // The retry asked how far it got and was told the refusal: said on the page, nothing sent again.
    await app.page.getByText(/^Failed: The file must be an image \(not SVG\)/).waitFor();
    await app.page.unroute('**/api/uploads/*');
    expect(requests).toEqual(['PATCH', 'HEAD']);
    expect(pathOf(app.page)).toBe('/dashboard/gallery/upload');
    expect((await apiCall<{ total: number }>(app.page, 'GET', `/api/galleries?orphan_id=${orphanId}`)).total).toBe(before.total);
    await app.page.goto(`/dashboard/gallery?orphan_id=${orphanId}`);
    await card('School visit').waitFor();
  });

  it('edits the title, then deletes the item after confirming', async () => {
    await app.page.getByRole('button', { name: 'Edit School visit' }).click();
    const form = app.page.getByRole('dialog', { name: 'Edit Media' });
    await form.getByLabel('Title').fill('');
    await form.getByRole('button', { name: 'Update Media' }).click();
    await form.getByText('Title is required').waitFor();
    await expectAccessible();
    await form.getByLabel('Title').fill('School visit, spring');
    await form.getByRole('button', { name: 'Update Media' }).click();
    await app.page.getByText('Media updated successfully').waitFor();
    await card('School visit, spring').waitFor();

    await app.page.getByRole('button', { name: 'Delete School visit, spring' }).click();
    const confirm = app.page.getByRole('dialog');
    await confirm.getByText('Are you sure you want to delete this media item?').waitFor();
    await expectAccessible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await app.page.getByText('Media deleted successfully').waitFor();
    await expect.poll(() => card('School visit, spring').count()).toBe(0);
    expect(pathOf(app.page)).toBe('/dashboard/gallery');
  });

  it("puts the server's refusal on the field it concerns: a child moved to the trash meanwhile", async () => {
    const other = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', {
      first_name: `${NAME}b`,
      last_name: 'Karimi',
      dob: '2014-01-10',
      gender: 'female',
      admission_date: '2022-09-01',
      status: 'active',
    });
    await app.page.goto(`/dashboard/gallery/upload?orphan_id=${other.data.id}`);
    await expect.poll(() => app.page.getByLabel('Orphan').inputValue()).toBe(String(other.data.id));
    await apiCall(app.page, 'DELETE', `/api/orphans/${other.data.id}`);

    await app.page.getByLabel('Title').fill('Too late');
    await app.page.getByLabel('Files').setInputFiles(photoPath);
    const refused = app.page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST');
    await app.page.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await refused).status()).toBe(422);
    const orphanField = app.page.getByLabel('Orphan');
    await expect.poll(() => orphanField.getAttribute('aria-invalid')).toBe('true');
    await app.page.getByText('The selected orphan does not exist or is in the trash.', { exact: true }).waitFor();
    expect(pathOf(app.page)).toBe('/dashboard/gallery/upload');
    await expectAccessible();
  });
});
