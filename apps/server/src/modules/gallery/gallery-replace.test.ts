import sharp from 'sharp';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, type TestServer } from '../../../test/harness.ts';
import { PDF, createChild, fetchBytes, galleryFiles, mediaRows, pngClaiming, replace, sendFormThenDrop, upload } from './gallery-test-kit.ts';

/*
 * Replacing an item's file (POST /galleries/{id} with the PUT override and a file): the upload's
 * checks, all or nothing, the old files removed once the row points to the new one. Videos are
 * in gallery-transcode.test.ts (they need ffmpeg and a server of their own).
 */

const photo = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })[format]().toBuffer();

const row = (server: TestServer, id: number) => server.database.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDatabase('gallery: replacing an item\'s file', (server) => {
  it('replaces an image with new display and thumbnail copies, removes the old files and logs it', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Replaced');
    const first = await upload(server(), token, { orphan_id: child, title: 'Blurred' }, { data: await photo(64, 48, 'jpeg'), name: 'blurred.jpg' });
    expect(first.status).toBe(201);
    const id = first.body.data.id as number;
    const old = await row(server(), id);

    const sharper = await photo(120, 90, 'png');
    const res = await replace(server(), token, id, { title: 'Sharp at last' }, { data: sharper, name: 'sharp.png', type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, title: 'Sharp at last', file_name: 'sharp.png', mime_type: 'image/png', size_bytes: sharper.length, status: 'ready' });
    expect((await fetchBytes(server(), res.body.data.original_url)).body.equals(sharper)).toBe(true);
    const display = await fetchBytes(server(), res.body.data.display_url);
    expect((await sharp(display.body).metadata()).width).toBe(120);
    expect((await fetchBytes(server(), res.body.data.thumbnail_url)).status).toBe(200);

    const now = await row(server(), id);
    const files = galleryFiles(server());
    for (const key of [old.file_path, old.display_path, old.thumb_path]) expect(files).not.toContain(key);
    for (const key of [now.file_path, now.display_path, now.thumb_path]) expect(files).toContain(key);
    // Nothing left marked uncommitted by the replacement.
    expect(files.filter((f) => f.startsWith('.uncommitted/') || f.startsWith('.tmp'))).toEqual([]);

    const log = await server().database.db.selectFrom('activities').select(['action', 'properties']).where('subject_type', '=', 'media').where('subject_id', '=', id).orderBy('id').execute();
    expect(log.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(JSON.parse(log[1]!.properties!).changed).toEqual(['title', 'file']);
  });

  it('refuses a replacement as it refuses an upload, leaving the old file, the row and the storage as they were', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Kept');
    const original = await photo(64, 48, 'jpeg');
    const id = (await upload(server(), token, { orphan_id: child, title: 'Kept photo' }, { data: original, name: 'kept.jpg' })).body.data.id as number;
    const doc = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Kept report' }, { data: PDF, name: 'kept.pdf' })).body.data.id as number;
    const rows = await mediaRows(server());
    const files = galleryFiles(server());
    const before = await row(server(), id);
    // The original as kept (its metadata taken out on upload), to compare after the refusals.
    const originalNow = async () => (await fetchBytes(server(), (await call(server(), 'GET', `/api/galleries/${id}`, { token })).body.data.original_url)).body;
    const kept = await originalNow();
    const activities = await server().database.db.selectFrom('activities').select('id').execute();

    const refusals: Array<[number, number, Record<string, string>, { data: Buffer; name: string; type?: string }]> = [
      // Over the image limit (20 MB): 413 naming it.
      [413, id, {}, { data: Buffer.concat([original, Buffer.alloc(20 * 1024 * 1024 + 1 - original.length)]), name: 'big.jpg' }],
      // Content that is not what the item is: HTML named .jpg, an SVG, a PDF for an image, a video for a document.
      [422, id, {}, { data: Buffer.from('<html><body>not a photo</body></html>'), name: 'x.jpg', type: 'image/jpeg' }],
      [422, id, {}, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'x.svg', type: 'image/svg+xml' }],
      [422, id, {}, { data: PDF, name: 'x.jpg' }],
      [422, doc, {}, { data: Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 8]), name: 'x.pdf' }],
      // Empty, and an image that decompresses to 30,000 × 30,000.
      [422, id, {}, { data: Buffer.alloc(0), name: 'empty.jpg' }],
      [422, id, {}, { data: pngClaiming(30_000, 30_000), name: 'bomb.png' }],
      // A good file with a bad field: refused after its display copies were made; they go too.
      [422, id, { orphan_id: '999999' }, { data: await photo(80, 60, 'jpeg'), name: 'fine.jpg' }],
      [422, id, { title: 'x'.repeat(10_000) }, { data: await photo(80, 60, 'jpeg'), name: 'fine.jpg' }],
    ];
    for (const [status, target, fields, file] of refusals) {
      const res = await replace(server(), token, target, fields, file);
      expect({ file: file.name, status: res.status }).toEqual({ file: file.name, status });
      expect(res.body.message).toEqual(expect.any(String));
      if (status === 422) expect(Object.keys(res.body.errors)).toEqual([Object.keys(fields)[0] ?? 'file']);
    }
    expect(await row(server(), id)).toEqual(before);
    expect((await originalNow()).equals(kept)).toBe(true);
    expect(await mediaRows(server())).toBe(rows);
    expect(galleryFiles(server())).toEqual(files);
    expect(await server().database.db.selectFrom('activities').select('id').execute()).toHaveLength(activities.length);
  });

  it('keeps the old file and row when the connection drops mid-replacement', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Dropped');
    const id = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Report' }, { data: PDF, name: 'report.pdf' })).body.data.id as number;
    const before = await row(server(), id);
    const files = galleryFiles(server());
    await sendFormThenDrop(server(), token, `/api/galleries/${id}`, { _method: 'PUT', title: 'Cut off' }, { name: 'new.pdf', start: PDF });
    // The server notices the cut and cleans up; give it a moment.
    await expect.poll(() => galleryFiles(server()), { timeout: 2500 }).toEqual(files);
    expect(await row(server(), id)).toEqual(before);
  });

  it('answers 404 for an item that is gone or whose child is in the trash, and 405 without the override, storing nothing', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Trashed');
    const id = (await upload(server(), token, { orphan_id: child }, { data: await photo(32, 32, 'jpeg'), name: 'a.jpg' })).body.data.id as number;
    const files = galleryFiles(server());
    const form = new FormData();
    form.append('title', 'no override');
    form.append('file', new Blob([new Uint8Array(await photo(40, 40, 'jpeg'))]), 'b.jpg');
    expect((await call(server(), 'POST', `/api/galleries/${id}`, { token, body: form })).status).toBe(405);
    expect((await replace(server(), token, 999_999, {}, { data: await photo(40, 40, 'jpeg'), name: 'b.jpg' })).status).toBe(404);
    expect((await call(server(), 'DELETE', `/api/orphans/${child}`, { token })).status).toBe(200);
    expect((await replace(server(), token, id, {}, { data: await photo(40, 40, 'jpeg'), name: 'b.jpg' })).status).toBe(404);
    expect(galleryFiles(server())).toEqual(files);
  });
});
