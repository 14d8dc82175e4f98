import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { expect, it, vi } from 'vitest';
import { SIGNED_URL_TTL_SECONDS, SIGNED_URL_WINDOW_SECONDS } from '@app/shared/constants';
import { MEDIA_MESSAGES, mediaPageSchema } from '@app/shared/schemas/media.schema';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';
import { getChecked } from '../../../test/checked-answer.ts';
import { withTamperedSignature } from '../../../test/tampered-signature.ts';
import { PDF, createChild, fetchBytes, galleryFiles, mediaRows, pngClaiming, sendFormThenDrop, upload, uploadForm } from './gallery-test-kit.ts';

/** A JPEG with a camera's EXIF and a GPS position, stored sideways (orientation 6). */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '69/1 10/1 0/1' } })
    .toBuffer();
}


describeEachDatabase('gallery API', (server) => {
  it('stores an image with display size and thumbnail, upright and without EXIF or GPS, and answers the item', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token);
    const res = await upload(server(), token, { orphan_id: child, title: 'First day at school', tags: 'school, <none>'.replace(', <none>', ', Kabul'), date: '2024-03-21' }, { data: await jpegWithGps(), name: 'IMG_0001.JPG', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    const item = res.body.data;
    expect(item).toMatchObject({ orphan_id: child, media_type: 'image', title: 'First day at school', tags: 'school, Kabul', date: '2024-03-21', mime_type: 'image/jpeg', status: 'ready', file_name: 'IMG_0001.JPG' });
    expect(item.orphan).toEqual({ id: child, first_name: 'Zahra', last_name: 'Karimi' });
    const display = await fetchBytes(server(), item.display_url);
    expect(display.status).toBe(200);
    const meta = await sharp(display.body).metadata();
    // Orientation 6 turned a 64×48 sensor image upright: 48 wide, 64 high; nothing of the camera kept.
    expect([meta.width, meta.height]).toEqual([48, 64]);
    expect(meta.exif).toBeUndefined();
    expect((await fetchBytes(server(), item.thumbnail_url)).status).toBe(200);
    const original = await fetchBytes(server(), item.original_url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toContain('attachment');
    const activity = await server().database.db.selectFrom('activities').selectAll().where('subject_type', '=', 'media').where('subject_id', '=', item.id).execute();
    expect(activity.map((a) => a.action)).toEqual(['created']);
  });

  it('lists with filters and pages, answers a child\'s media as media.data, updates with the PUT override and deletes with its files', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Listed');
    const other = await createChild(server(), token, 'Other');
    const a = await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Report card', tags: 'school', date: '2024-01-10' }, { data: PDF, name: 'report.pdf' });
    const b = await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Letter', tags: 'letters, School', date: '2024-02-10' }, { data: Buffer.from('Dear donor,\nThank you.\n'), name: 'letter.txt' });
    await upload(server(), token, { orphan_id: other, media_type: 'document', title: 'Other', date: '2024-02-11' }, { data: PDF, name: 'o.pdf' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data.mime_type).toBe('text/plain');

    const list = await call(server(), 'GET', `/api/galleries?orphan_id=${child}&per_page=1`, { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, per_page: 1, current_page: 1, last_page: 2 });
    expect(list.body.data[0].title).toBe('Letter');
    const tagged = await call(server(), 'GET', `/api/galleries?orphan_id=${child}&tags=letters,school`, { token });
    expect(tagged.body.data.map((m: { title: string }) => m.title)).toEqual(['Letter']);
    const ranged = await call(server(), 'GET', `/api/orphans/${child}/media?date_from=2024-01-01&date_to=2024-01-31`, { token });
    expect(ranged.status).toBe(200);
    expect(ranged.body.media.data.map((m: { title: string }) => m.title)).toEqual(['Report card']);
    expect((await call(server(), 'GET', '/api/galleries?date_from=2024-02-01&date_to=2024-01-01', { token })).status).toBe(422);

    const id = a.body.data.id;
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('title', 'Report card, first term');
    form.append('tags', '');
    const updated = await call(server(), 'POST', `/api/galleries/${id}`, { token, body: form });
    expect(updated.status).toBe(200);
    // Absent fields kept, a blank optional field cleared.
    expect(updated.body.data).toMatchObject({ title: 'Report card, first term', tags: null, date: '2024-01-10' });
    expect((await call(server(), 'POST', `/api/galleries/${id}`, { token, body: { title: 'x' } })).status).toBe(405);

    const before = galleryFiles(server()).length;
    const deleted = await call(server(), 'DELETE', `/api/galleries/${id}`, { token });
    expect(deleted.status).toBe(200);
    expect((await call(server(), 'GET', `/api/galleries/${id}`, { token })).status).toBe(404);
    expect(galleryFiles(server()).length).toBe(before - 1);
  });

  it('hides a trashed child\'s media with the child and brings them back on restore', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Trashed');
    const item = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Note' }, { data: Buffer.from('note'), name: 'n.txt' })).body.data;
    expect((await call(server(), 'DELETE', `/api/orphans/${child}`, { token })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/galleries/${item.id}`, { token })).status).toBe(404);
    expect((await call(server(), 'GET', `/api/galleries?orphan_id=${child}`, { token })).body.total).toBe(0);
    expect((await call(server(), 'GET', `/api/orphans/${child}/media`, { token })).status).toBe(404);
    expect((await fetchBytes(server(), item.original_url)).status).toBe(404);
    // A trashed child takes no new media either.
    const refused = await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Late' }, { data: Buffer.from('late'), name: 'l.txt' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.orphan_id).toEqual([MEDIA_MESSAGES.orphanNotFound]);
    expect((await call(server(), 'POST', `/api/orphans/${child}/restore`, { token })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/galleries/${item.id}`, { token })).status).toBe(200);
  });

  it('keeps a child\'s list as sent only while nothing changed and within one signing window: an edit, a row written straight to the table, the child trashed and restored each show at once', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Kept');
    const list = async () => (await getChecked(server(), token, `/api/galleries?orphan_id=${child}`, mediaPageSchema)).body;
    const item = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Note', date: '2024-03-01' }, { data: Buffer.from('note'), name: 'n.txt' })).body.data;
    expect((await list()).data.map((m: { title: string }) => m.title)).toEqual(['Note']);

    expect((await call(server(), 'PUT', `/api/galleries/${item.id}`, { token, body: { title: 'Note, edited' } })).status).toBe(200);
    expect((await list()).data.map((m: { title: string }) => m.title)).toEqual(['Note, edited']);

    // A script's write, outside the API, is seen at once.
    const at = new Date().toISOString();
    await server()
      .database.db.insertInto('media')
      .values({ orphan_id: child, media_type: 'document', title: 'Scanned', date: '2024-04-01', file_name: 's.pdf', mime_type: 'application/pdf', size_bytes: 10, file_path: 'gallery/scanned.pdf', status: 'ready', created_at: at, updated_at: at })
      .execute();
    expect((await list()).data.map((m: { title: string }) => m.title)).toEqual(['Scanned', 'Note, edited']);

    expect((await call(server(), 'DELETE', `/api/orphans/${child}`, { token })).status).toBe(200);
    expect(await list()).toMatchObject({ total: 0, data: [] });
    expect((await call(server(), 'POST', `/api/orphans/${child}/restore`, { token })).status).toBe(200);
    expect((await list()).total).toBe(2);

    // A window and a minute on, the signing window has moved: the page is signed again, never sent with the old expiry.
    const expiresOf = (url: string) => Number(new URL(url, server().url).searchParams.get('expires'));
    const before = expiresOf((await list()).data[0].original_url);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (SIGNED_URL_WINDOW_SECONDS + 60) * 1000 });
    try {
      const after = expiresOf((await list()).data[0].original_url);
      expect(after).toBeGreaterThan(before);
      expect(after - Date.now() / 1000).toBeGreaterThan(SIGNED_URL_TTL_SECONDS - 60);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a page compressed to a client that accepts brotli or gzip, and as plain JSON to one that does not', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Compressed');
    for (let i = 0; i < 3; i++) await upload(server(), token, { orphan_id: child, media_type: 'document', title: `Letter ${i}`, date: '2024-03-01' }, { data: Buffer.from(`letter ${i}`), name: 'l.txt' });
    const url = `/api/galleries?orphan_id=${child}`;
    // node:http sends only the headers given (fetch would add its own Accept-Encoding and undo the encoding).
    const get = (acceptEncoding?: string) => fetchBytes(server(), url, { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }) });
    const plain = await get();
    expect([plain.status, plain.headers.get('content-encoding'), plain.headers.get('vary')]).toEqual([200, null, 'Accept-Encoding']);
    const page = JSON.parse(plain.body.toString('utf8'));
    expect(page.total).toBe(3);
    expect(() => mediaPageSchema.strict().parse(page)).not.toThrow();

    const asBrowser = await get('gzip, deflate, br, zstd');
    expect(asBrowser.headers.get('content-encoding')).toBe('br');
    expect(asBrowser.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(asBrowser.body).equals(plain.body)).toBe(true);
    const gzipOnly = await get('br;q=0, gzip');
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzipOnly.body).equals(plain.body)).toBe(true);
    for (const refused of ['identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate']) {
      const answer = await get(refused);
      expect([answer.headers.get('content-encoding'), answer.body.equals(plain.body)]).toEqual([null, true]);
    }
  });

  it('removes a child\'s media rows and files when the child is purged', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Purged');
    const files = galleryFiles(server());
    const rows = await mediaRows(server());
    await upload(server(), token, { orphan_id: child }, { data: await jpegWithGps(), name: 'p.jpg' });
    await upload(server(), token, { orphan_id: child, media_type: 'document' }, { data: PDF, name: 'd.pdf' });
    expect(galleryFiles(server()).length).toBe(files.length + 4);
    expect((await call(server(), 'DELETE', `/api/orphans/${child}`, { token })).status).toBe(200);
    expect((await call(server(), 'DELETE', `/api/orphans/${child}/purge`, { token })).status).toBe(200);
    expect(await mediaRows(server())).toBe(rows);
    expect(galleryFiles(server())).toEqual(files);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Refused');
    const rows = await mediaRows(server());
    const files = galleryFiles(server());
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const mp4 = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).png().toBuffer();
    // An MP4's first box is enough for its type to be found by content.
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(64)]);
    const bomb = pngClaiming(30_000, 30_000);

    const cases: Array<[string, Awaited<ReturnType<typeof upload>>, number, string]> = [
      ['nothing', await call(server(), 'POST', '/api/galleries', { token, body: uploadForm({}) }), 422, 'orphan_id'],
      ['0 bytes', await upload(server(), token, { orphan_id: child }, { data: Buffer.alloc(0), name: 'empty.jpg' }), 422, 'file'],
      ['HTML named .jpg', await upload(server(), token, { orphan_id: child }, { data: html, name: 'photo.jpg', type: 'image/jpeg' }), 422, 'file'],
      ['SVG image', await upload(server(), token, { orphan_id: child }, { data: svg, name: 'logo.svg', type: 'image/svg+xml' }), 422, 'file'],
      ['HTML as a text document', await upload(server(), token, { orphan_id: child, media_type: 'document' }, { data: html, name: 'page.txt' }), 422, 'file'],
      ['video declared a document', await upload(server(), token, { orphan_id: child, media_type: 'document' }, { data: video, name: 'clip.pdf' }), 422, 'file'],
      ['image declared a video', await upload(server(), token, { orphan_id: child, media_type: 'video' }, { data: mp4, name: 'clip.mp4' }), 422, 'file'],
      ['30,000 × 30,000 PNG', await upload(server(), token, { orphan_id: child }, { data: bomb, name: 'huge.png' }), 422, 'file'],
      ['10,000-character title', await upload(server(), token, { orphan_id: child, title: 't'.repeat(10_000) }, { data: PDF, name: 'a.pdf' }), 422, 'title'],
      ['tags with HTML', await upload(server(), token, { orphan_id: child, media_type: 'document', tags: 'ok, <b onmouseover=x>' }, { data: PDF, name: 'a.pdf' }), 422, 'tags'],
      ['no such child', await upload(server(), token, { orphan_id: 999_999, media_type: 'document' }, { data: PDF, name: 'a.pdf' }), 422, 'orphan_id'],
      ['child id not a number', await upload(server(), token, { orphan_id: 'abc', media_type: 'document' }, { data: PDF, name: 'a.pdf' }), 422, 'orphan_id'],
      ['no file', await upload(server(), token, { orphan_id: child }), 422, 'file'],
      ['bad media type', await upload(server(), token, { orphan_id: child, media_type: 'audio' }, { data: PDF, name: 'a.pdf' }), 422, 'media_type'],
    ];
    for (const [name, res, status, field] of cases) {
      expect([name, res.status]).toEqual([name, status]);
      expect([name, Object.keys(res.body.errors ?? {})]).toEqual([name, expect.arrayContaining([field])]);
    }
    expect(cases[0]![1].body.errors).toMatchObject({ orphan_id: [MEDIA_MESSAGES.orphanRequired], title: [MEDIA_MESSAGES.titleRequired], date: [MEDIA_MESSAGES.dateRequired] });
    expect(await mediaRows(server())).toBe(rows);
    expect(galleryFiles(server())).toEqual(files);
    // The gallery keeps working.
    expect((await upload(server(), token, { orphan_id: child, media_type: 'document' }, { data: PDF, name: 'fine.pdf' })).status).toBe(201);
  });

  it('refuses a file over its type\'s limit with 413 naming the limit, and keeps nothing of it', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Large');
    const rows = await mediaRows(server());
    const files = galleryFiles(server());
    const limit = 20 * 1024 * 1024;
    const jpeg = await jpegWithGps();
    const big = Buffer.concat([jpeg, Buffer.alloc(limit + 1 - jpeg.length)]);
    const res = await upload(server(), token, { orphan_id: child }, { data: big, name: 'big.jpg' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image may not be larger than 20 MB.');
    expect(await mediaRows(server())).toBe(rows);
    expect(galleryFiles(server())).toEqual(files);
  });

  it('leaves neither file nor row when the connection drops mid-upload', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Aborted');
    const rows = await mediaRows(server());
    const files = galleryFiles(server());
    await sendFormThenDrop(server(), token, '/api/galleries', { orphan_id: String(child), media_type: 'document', title: 'Cut off', date: '2024-01-01' }, { name: 'big.pdf', start: PDF });
    // The server notices the cut and cleans up; give it a moment.
    await expect.poll(() => galleryFiles(server()), { timeout: 2500 }).toEqual(files);
    expect(await mediaRows(server())).toBe(rows);
  });

  it('serves byte ranges with 206, a safe Dari file name, nosniff, and only through a valid signature', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Ranged');
    const text = Buffer.from(Array.from({ length: 2000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(''));
    const item = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'گزارش "سال" ۱۴۰۲/../x' }, { data: text, name: 'r.txt' })).body.data;
    const full = await fetchBytes(server(), item.original_url);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = full.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]*\.txt"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('گزارش سال ۱۴۰۲ .. x.txt');
    const part = await fetchBytes(server(), item.original_url, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/2000');
    expect(part.body.equals(text.subarray(100, 200))).toBe(true);
    const tail = await fetchBytes(server(), item.original_url, { Range: 'bytes=-10' });
    expect(tail.body.equals(text.subarray(1990))).toBe(true);
    expect((await fetchBytes(server(), item.original_url, { Range: 'bytes=5000-' })).status).toBe(416);

    const [pathPart, query] = (item.original_url as string).split('?') as [string, string];
    expect((await fetchBytes(server(), withTamperedSignature(item.original_url))).status).toBe(403);
    expect((await fetchBytes(server(), pathPart)).status).toBe(403);
    // Another item's signature does not open this one.
    expect((await fetchBytes(server(), `${pathPart.replace(`/${item.id}/`, `/${item.id + 1}/`)}?${query}`)).status).toBe(403);
    // Expired: signed an hour ago with the server's own key.
    const expired = server().app.fileStore.signer.signPath(pathPart, Date.now() - 60 * 60_000);
    expect((await fetchBytes(server(), expired)).status).toBe(403);
  });

  it('lets each seeded role do only what it holds', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Gated');
    const item = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Gated' }, { data: PDF, name: 'g.pdf' })).body.data;
    const teacher = await userWithRoles(server(), ['Teacher']);
    const nobody = await userWithRoles(server(), []);
    const caseworker = await userWithRoles(server(), ['Caseworker']);
    for (const who of [teacher, nobody]) {
      expect((await call(server(), 'GET', '/api/galleries', { token: who.token })).status).toBe(403);
      expect((await call(server(), 'GET', `/api/galleries/${item.id}`, { token: who.token })).status).toBe(403);
      expect((await call(server(), 'GET', `/api/orphans/${child}/media`, { token: who.token })).status).toBe(403);
      expect((await upload(server(), who.token, { orphan_id: child, media_type: 'document' }, { data: PDF, name: 'x.pdf' })).status).toBe(403);
      expect((await call(server(), 'PUT', `/api/galleries/${item.id}`, { token: who.token, body: { title: 'x' } })).status).toBe(403);
      expect((await call(server(), 'DELETE', `/api/galleries/${item.id}`, { token: who.token })).status).toBe(403);
      expect((await call(server(), 'POST', '/api/uploads', { token: who.token, headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' } })).status).toBe(403);
    }
    expect((await call(server(), 'GET', '/api/galleries')).status).toBe(401);
    expect((await call(server(), 'GET', `/api/galleries/${item.id}`, { token: caseworker.token })).status).toBe(200);
    expect((await call(server(), 'PUT', `/api/galleries/${item.id}`, { token: caseworker.token, body: { title: 'By caseworker' } })).status).toBe(200);
    expect((await call(server(), 'DELETE', `/api/galleries/${item.id}`, { token: caseworker.token })).status).toBe(200);
  });
});
