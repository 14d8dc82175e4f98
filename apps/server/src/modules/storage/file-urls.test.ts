import sharp from 'sharp';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin } from '../../../test/harness.ts';
import { fetchBytes } from '../../../test/fetch-bytes.ts';

/**
 * Signed file URLs (`/storage/...`) are the credential of an <img>: they serve a file only while
 * the record that shows it is there and outside the trash — as `/download` does — and live ten
 * minutes at most, so a reader who lost access stops being served soon after.
 */

const jpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 160, b: 90 } } }).jpeg().toBuffer();

function galleryForm(child: number, image: Buffer): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ orphan_id: String(child), media_type: 'image', title: 'Sports day', date: '2024-05-01' })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'sports.jpg');
  return form;
}

function childForm(photo: Buffer): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ first_name: 'Laila', last_name: 'Ahmadi', dob: '2014-03-01', gender: 'female', admission_date: '2022-02-01', status: 'active' })) form.append(k, v);
  form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'laila.jpg');
  return form;
}

const secondsLeft = (url: string) => Number(new URL(url, 'http://h').searchParams.get('expires')) - Math.floor(Date.now() / 1000);

describeEachDatabase('signed file URLs', (server) => {
  it("serve a child's photo and gallery images only while the child is outside the trash, and live ten minutes at most", async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/orphans', { token, body: childForm(await jpeg()) });
    expect(created.status).toBe(201);
    const child = created.body.data;
    const item = (await call(server(), 'POST', '/api/galleries', { token, body: galleryForm(child.id, await jpeg()) })).body.data;
    const urls: string[] = [child.profile_photo_url, child.profile_photo_thumb_url, item.thumbnail_url, item.display_url];
    for (const url of urls) {
      expect(url).toMatch(/^\/storage\//);
      expect(secondsLeft(url)).toBeGreaterThan(0);
      expect(secondsLeft(url)).toBeLessThanOrEqual(10 * 60);
      expect((await fetchBytes(server(), url)).status, url).toBe(200);
    }

    // The child goes to the trash: the URLs handed out minutes ago stop serving, as /download does.
    expect((await call(server(), 'DELETE', `/api/orphans/${child.id}`, { token })).status).toBe(200);
    for (const url of [...urls, item.original_url]) {
      const res = await fetchBytes(server(), url);
      expect(res.status, url).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'not_found' });
    }

    // Brought back: the same URLs serve again while they last.
    expect((await call(server(), 'POST', `/api/orphans/${child.id}/restore`, { token })).status).toBe(200);
    for (const url of urls) expect((await fetchBytes(server(), url)).status, url).toBe(200);

    // A URL signed for one record does not serve another's file, nor a file its record no longer shows.
    const other = (await call(server(), 'POST', '/api/orphans', { token, body: childForm(await jpeg()) })).body.data;
    const signer = server().app.fileStore.signer;
    const key = (url: string) => new URL(url, 'http://h').pathname.slice('/storage/'.length);
    expect((await fetchBytes(server(), signer.sign(key(child.profile_photo_url), other.id))).status).toBe(404);
    expect((await call(server(), 'DELETE', `/api/galleries/${item.id}`, { token })).status).toBe(200);
    expect((await fetchBytes(server(), signer.sign(key(item.thumbnail_url), item.id))).status).toBe(404);
  });
});
