import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localiseMessage } from '@app/shared/i18n/localise';
import type { Dialect } from '../../config.ts';
import { loginAdmin, startServer, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { createChild, galleryFiles, mediaRows, tus, tusMetadata, upload, uploadForm } from './gallery-test-kit.ts';
import { LENGTH_REQUIRED, QUOTA_MESSAGES } from './upload-quota.ts';

/**
 * Each user's uploads are bounded (the configuration's UPLOAD_* limits): unfinished resumable
 * uploads at once, the bytes they claim, the bytes sent in a day; and every upload leaves the
 * configured free disk. Each refusal is a 413 in the error shape, stores nothing, and leaves the
 * user's other uploads and everyone else's working.
 */

const MB = 1024 * 1024;
const QUOTA = { maxOpen: 3, maxHeldBytes: 10 * MB, maxDailyBytes: 16 * MB, minFreeBytes: 0 };

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
describe.each(dialects)('upload quotas [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { uploadQuota: { ...QUOTA } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const start = (token: string, child: number, bytes: number, language = 'en') =>
    tus(server, token, 'POST', '/api/uploads', {
      'Accept-Language': language,
      'Upload-Length': String(bytes),
      'Upload-Metadata': tusMetadata({ orphan_id: String(child), media_type: 'document', title: 'Scan', date: '2024-06-01', filename: 'scan.pdf' }),
    });
  const refusedWith = (answer: { status: number; text: string }, message: string) => {
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message, code: 'upload_quota' });
  };

  it('refuses a fourth unfinished upload, and more unfinished bytes than allowed; finishing or cancelling one makes room', async () => {
    const admin = await loginAdmin(server);
    const child = await createChild(server, admin, 'Quota');
    const worker = await userWithRoles(server, ['Caseworker']);
    const opened = [await start(worker.token, child, 4 * MB), await start(worker.token, child, 4 * MB)];
    for (const o of opened) expect(o.status).toBe(201);
    // 8 MB held: 4 more would pass the 10 MB held.
    refusedWith(await start(worker.token, child, 4 * MB), QUOTA_MESSAGES.held);
    expect((await start(worker.token, child, 1 * MB)).status).toBe(201);
    // Three open: a fourth is refused, whatever its size — in the reader's language.
    refusedWith(await start(worker.token, child, 1000, 'fa-AF'), localiseMessage(QUOTA_MESSAGES.open, 'fa-AF'));
    expect(localiseMessage(QUOTA_MESSAGES.open, 'fa-AF')).not.toBe(QUOTA_MESSAGES.open);
    // Someone else is not held back by this user's uploads.
    expect((await start(admin, child, 4 * MB)).status).toBe(201);

    // Cancelled: its bytes and its place are free again.
    expect((await tus(server, worker.token, 'DELETE', opened[0]!.headers.get('location')!)).status).toBe(204);
    expect((await start(worker.token, child, 1000)).status).toBe(201);
  });

  it('refuses what would pass the day\'s bytes, multipart uploads counted too, storing nothing', async () => {
    const admin = await loginAdmin(server);
    const child = await createChild(server, admin, 'Daily');
    const worker = await userWithRoles(server, ['Caseworker']);
    // A finished upload still counts for the day.
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * MB - 9, 0x41)]);
    const created = await start(worker.token, child, file.length);
    expect(created.status).toBe(201);
    const done = await tus(server, worker.token, 'PATCH', created.headers.get('location')!, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, file);
    expect(done.status).toBe(200);
    const multipart = await upload(server, worker.token, { orphan_id: child, media_type: 'document', title: 'Letter' }, { data: file, name: 'letter.pdf' });
    expect(multipart.status).toBe(201);
    const rows = await mediaRows(server);
    const files = galleryFiles(server);
    // 12 MB sent today: 6 more would pass 16.
    refusedWith(await start(worker.token, child, 6 * MB), QUOTA_MESSAGES.daily);
    const refused = await upload(server, worker.token, { orphan_id: child, media_type: 'document', title: 'Again' }, { data: file, name: 'again.pdf' });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ message: QUOTA_MESSAGES.daily, code: 'upload_quota' });
    expect(await mediaRows(server)).toBe(rows);
    expect(galleryFiles(server)).toEqual(files);
    // What is left of the day still goes.
    expect((await start(worker.token, child, 3 * MB)).status).toBe(201);
  });

  it('refuses a multipart upload sent in chunks without its length, which the day could not count, storing nothing', async () => {
    const admin = await loginAdmin(server);
    const child = await createChild(server, admin, 'Chunked');
    const worker = await userWithRoles(server, ['Caseworker']);
    const rows = await mediaRows(server);
    const files = galleryFiles(server);
    // A stream body is sent with Transfer-Encoding: chunked, so it names no Content-Length.
    const form = new Request('http://form', { method: 'POST', body: uploadForm({ orphan_id: child, media_type: 'document', title: 'Chunks', date: '2024-05-01' }, { data: Buffer.from('%PDF-1.4\n'), name: 'c.pdf' }) });
    const answer = await fetch(`${server.url}/api/galleries`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${worker.token}`, Accept: 'application/json', 'Content-Type': form.headers.get('content-type')! },
      body: form.body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(411);
    expect(await answer.json()).toEqual({ message: LENGTH_REQUIRED, code: 'bad_request' });
    expect(await mediaRows(server)).toBe(rows);
    expect(galleryFiles(server)).toEqual(files);
  });

  it('keeps the configured free disk: an upload that would eat into it is refused', async () => {
    const admin = await loginAdmin(server);
    const child = await createChild(server, admin, 'Disk');
    // This very server, told to keep more free than any disk has.
    server.config.uploadQuota.minFreeBytes = Number.MAX_SAFE_INTEGER;
    try {
      refusedWith(await start(admin, child, 1000), QUOTA_MESSAGES.disk);
      const multipart = await upload(server, admin, { orphan_id: child, media_type: 'document', title: 'Disk' }, { data: Buffer.from('%PDF-1.4\nsmall'), name: 'd.pdf' });
      expect(multipart.status).toBe(413);
      expect(multipart.body).toEqual({ message: QUOTA_MESSAGES.disk, code: 'upload_quota' });
    } finally {
      server.config.uploadQuota.minFreeBytes = 0;
    }
    expect((await start(admin, child, 1000)).status).toBe(201);
  });
});
