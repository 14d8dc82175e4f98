import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, type TestServer } from '../test/harness.ts';
import { fetchBytes } from '../test/fetch-bytes.ts';
import { storedFiles } from '../test/stored-files.ts';
import { PDF, createChild, upload, waitFor } from './modules/gallery/gallery-test-kit.ts';

/*
 * Photos, videos and documents are encrypted on disk: someone holding the storage folder without
 * the data key finds no JPEG, MP4 or PDF in it, while the product serves each file (whole and by
 * range), makes thumbnails and transcodes from them, and refuses a stored file changed or cut short
 * instead of serving wrong bytes.
 */

let dir: string;
let clip: Buffer;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'oc-at-rest-'));
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=854x480:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  clip = readFileSync(file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const jpeg = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 90 } } }).jpeg().toBuffer();

/** What a file's first bytes say it is, if a JPEG, an MP4 (ISO media) or a PDF. */
function signature(bytes: Buffer): string | null {
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpeg';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (bytes.subarray(0, 4).toString('latin1') === '%PDF') return 'pdf';
  return null;
}

const storagePath = (server: TestServer, key: string) => path.join(server.config.storageDir, key);

async function fileKey(server: TestServer, id: number): Promise<string> {
  const row = await server.database.db.selectFrom('media').select('file_path').where('id', '=', id).executeTakeFirstOrThrow();
  return row.file_path;
}

describeEachDatabase('files encrypted at rest', (server) => {
  it('keeps no JPEG, MP4 or PDF readable on disk, and still serves, thumbnails, transcodes and streams them', { timeout: 300_000 }, async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Hidden');
    const photo = await upload(server(), token, { orphan_id: child, media_type: 'image', title: 'Portrait' }, { data: await jpeg(), name: 'portrait.jpg', type: 'image/jpeg' });
    expect(photo.status).toBe(201);
    const doc = await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Report' }, { data: PDF, name: 'report.pdf', type: 'application/pdf' });
    expect(doc.status).toBe(201);
    const video = await upload(server(), token, { orphan_id: child, media_type: 'video', title: 'Football' }, { data: clip, name: 'football.mp4', type: 'video/mp4' });
    expect(video.status).toBe(201);
    const ready = await waitFor(
      async () => (await call(server(), 'GET', `/api/galleries/${video.body.data.id}`, { token })).body.data,
      (d) => d.status !== 'processing',
    );
    expect(ready.status).toBe('ready');
    expect(Object.keys(ready.resolution_urls)).toEqual(['360p']);
    // The decrypted copies ffmpeg and mat2 worked on are gone with their jobs.
    expect(storedFiles(server().config.storageDir).filter((f) => f.startsWith('.transcode/') || f.startsWith('.documents/'))).toEqual([]);

    // On disk: neither a signature at the start of any file, nor the uploaded bytes anywhere.
    const files = storedFiles(server().config.storageDir);
    expect(files.filter((f) => f.startsWith('gallery/')).length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const bytes = readFileSync(storagePath(server(), f));
      expect(signature(bytes), f).toBeNull();
      expect(bytes.includes(PDF.subarray(0, 24)), f).toBe(false);
      expect(bytes.includes(clip.subarray(0, 24)), f).toBe(false);
      expect(bytes.includes(Buffer.from('%PDF-1.')), f).toBe(false);
      expect(bytes.includes(Buffer.from('ftypisom')), f).toBe(false);
    }

    // Served: every version is what it says it is, whole, and each range is the same bytes as the whole.
    const served = {
      photo: await fetchBytes(server(), photo.body.data.original_url),
      display: await fetchBytes(server(), photo.body.data.display_url),
      thumb: await fetchBytes(server(), photo.body.data.thumbnail_url),
      doc: await fetchBytes(server(), doc.body.data.original_url),
      video: await fetchBytes(server(), ready.original_url),
      low: await fetchBytes(server(), ready.resolution_urls['360p']),
      poster: await fetchBytes(server(), ready.poster_url),
    };
    for (const [name, res] of Object.entries(served)) expect(res.status, name).toBe(200);
    expect(signature(served.photo.body)).toBe('jpeg');
    expect(signature(served.poster.body)).toBe('jpeg');
    expect(signature(served.doc.body)).toBe('pdf');
    expect(signature(served.video.body)).toBe('mp4');
    expect(signature(served.low.body)).toBe('mp4');
    expect(served.video.body.length).toBeGreaterThan(65_560);
    expect((await sharp(served.thumb.body).metadata()).width).toBeLessThanOrEqual(320);
    expect((await sharp(served.display.body).metadata()).width).toBe(640);
    expect(served.doc.body.toString('latin1')).toContain('/Catalog');
    for (const [url, whole] of [
      [ready.original_url, served.video.body],
      [ready.resolution_urls['360p'], served.low.body],
    ] as const) {
      const ranges: Array<[number, number]> = [
        [0, 99],
        [1000, whole.length - 1],
        [whole.length - 10, whole.length - 1],
      ];
      // Across a boundary of the encrypted file's 64 KiB chunks, where the file is that long (the original is).
      if (whole.length > 65_560) ranges.push([65_530, 65_545]);
      for (const [start, end] of ranges) {
        const part = await fetchBytes(server(), url, { Range: `bytes=${start}-${end}` });
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${whole.length}`);
        expect(part.body.equals(whole.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
    }
    // The size recorded at upload is the content's, not the ciphertext's.
    expect(doc.body.data.size_bytes).toBe(served.doc.body.length);
  });

  it('refuses a stored file with a byte changed or cut short, rather than serving wrong bytes', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Tampered');
    const make = async () => (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Report' }, { data: PDF, name: 'report.pdf', type: 'application/pdf' })).body.data;
    const changed = await make();
    const file = storagePath(server(), await fileKey(server(), changed.id));
    const bytes = readFileSync(file);
    bytes[bytes.length - 20]! ^= 0x01;
    writeFileSync(file, bytes);
    const res = await fetchBytes(server(), changed.original_url);
    expect(res.status).toBe(500);
    expect(signature(res.body)).toBeNull();
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'server_error' });

    const cut = await make();
    const cutFile = storagePath(server(), await fileKey(server(), cut.id));
    truncateSync(cutFile, readFileSync(cutFile).length - 1);
    const cutRes = await fetchBytes(server(), cut.original_url, { Range: 'bytes=0-9' });
    expect(cutRes.status).toBe(500);
    expect(signature(cutRes.body)).toBeNull();

    // An untouched one still serves.
    expect(signature((await fetchBytes(server(), (await make()).original_url)).body)).toBe('pdf');
  });
});
