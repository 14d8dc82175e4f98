import http from 'node:http';
import net from 'node:net';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { localiseMessage } from '@app/shared/i18n/localise';
import { MEDIA_MESSAGES, mediaTooLargeMessage } from '@app/shared/schemas/media.schema';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { PDF, TUS, createChild, fetchBytes, galleryFiles, mediaRows, tus, tusMetadata as metadata, upload, uploadForm } from './gallery-test-kit.ts';

/** Sends `bytes` from `offset` and drops the connection after about `cutAfter` of them, as a lost mobile link does. */
function patchThenDrop(server: TestServer, token: string, path: string, offset: number, bytes: Buffer, cutAfter: number): Promise<void> {
  const url = new URL(server.url);
  return new Promise((resolve) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path,
      method: 'PATCH',
      headers: { ...TUS, Authorization: `Bearer ${token}`, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), 'Content-Length': String(bytes.length) },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(bytes.subarray(0, cutAfter), () => setTimeout(() => { req.destroy(); resolve(); }, 300));
  });
}

/**
 * A proxy in front of the server that passes requests on but loses the answer to the first PATCH
 * whose body completes an upload: the server has saved it, the client sees its connection drop
 * (a mobile link lost just then). Everything else passes both ways.
 */
async function losingFinalAnswer(server: TestServer): Promise<{ url: string; lost: () => number; close: () => Promise<void> }> {
  const target = new URL(server.url);
  let lost = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let dropNext = false;
    client.on('data', (chunk: Buffer) => {
      if (lost === 0 && chunk.toString('latin1').startsWith('PATCH ')) dropNext = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropNext) {
        lost++;
        dropNext = false;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lost: () => lost,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      proxy.close(() => resolve());
    }),
  };
}

/** The id of a process that has ended (a server killed mid-save). */
function endedProcessId(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

async function offsetOf(server: TestServer, token: string, path: string): Promise<number> {
  const head = await tus(server, token, 'HEAD', path);
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

describeEachDatabase('gallery resumable uploads (tus)', (server) => {
  it('resumes an upload cut off mid-way and stores exactly the bytes sent, then answers the item', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Resumed');
    // A PDF header, then random bytes: 3 MB sent in two tries.
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024)]);
    const created = await tus(server(), token, 'POST', '/api/uploads', {
      'Upload-Length': String(file.length),
      'Upload-Metadata': metadata({ orphan_id: String(child), media_type: 'document', title: 'Medical report', date: '2024-04-01', filename: 'report.pdf' }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);

    await patchThenDrop(server(), token, location, 0, file, 1024 * 1024);
    let offset = 0;
    for (let i = 0; i < 40 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      offset = await offsetOf(server(), token, location);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(file.length);
    expect(await mediaRows(server())).toBe(0);
    // The part received so far is hidden on disk: neither the PDF's signature nor its bytes show.
    const part = readFileSync(path.join(server().config.storageDir, '.resumable', location.split('/').pop()!));
    expect(part.subarray(0, 4).toString('latin1')).not.toBe('%PDF');
    expect(part.includes(file.subarray(0, 32))).toBe(false);

    // Someone else cannot see or continue it.
    const other = await userWithRoles(server(), ['Caseworker']);
    expect((await tus(server(), other.token, 'HEAD', location)).status).toBe(404);

    const rest = await tus(server(), token, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }, file.subarray(offset));
    expect(rest.status).toBe(200);
    const item = JSON.parse(rest.text).data;
    expect(item).toMatchObject({ orphan_id: child, media_type: 'document', title: 'Medical report', file_name: 'report.pdf', size_bytes: file.length, mime_type: 'application/pdf' });
    const downloaded = await fetchBytes(server(), item.original_url);
    expect(downloaded.body.equals(file)).toBe(true);
    // The received copy is gone once the item holds the file; asked again, the upload names its item.
    expect(readdirSync(path.join(server().config.storageDir, '.resumable')).filter((f) => location.endsWith(f.replace(/\.json$/, '')))).toEqual([]);
    const head = await tus(server(), token, 'HEAD', location);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-media-id')]).toEqual([200, String(file.length), String(item.id)]);
  });

  it('checks the fields and the limit when the upload starts, and the content when it ends, keeping nothing refused', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Checked');
    const rows = await mediaRows(server());
    const files = galleryFiles(server());
    const base = { orphan_id: String(child), media_type: 'image', title: 'Photo', date: '2024-04-01', filename: 'p.jpg' };
    const missing = await tus(server(), token, 'POST', '/api/uploads', { 'Upload-Length': '10', 'Upload-Metadata': metadata({ filename: 'x.jpg' }) });
    expect(missing.status).toBe(422);
    expect(JSON.parse(missing.text).errors).toHaveProperty('orphan_id');
    const tooBig = await tus(server(), token, 'POST', '/api/uploads', { 'Upload-Length': String(20 * 1024 * 1024 + 1), 'Upload-Metadata': metadata(base) });
    expect(tooBig.status).toBe(413);

    const html = Buffer.from('<html><body>not a photo</body></html>');
    const created = await tus(server(), token, 'POST', '/api/uploads', { 'Upload-Length': String(html.length), 'Upload-Metadata': metadata(base) });
    const location = created.headers.get('location')!;
    const end = await tus(server(), token, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, html);
    expect(end.status).toBe(422);
    expect(JSON.parse(end.text).errors).toHaveProperty('file');
    expect(await mediaRows(server())).toBe(rows);
    expect(galleryFiles(server())).toEqual(files);
    // Asked again, the upload answers its refusal (the page shows it instead of starting over).
    expect((await tus(server(), token, 'HEAD', location)).status).toBe(422);
  });

  it('tells a retry after a lost final answer that the upload became an item, and which one', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Lost answer');
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024)]);
    const rows = await mediaRows(server());
    const created = await tus(server(), token, 'POST', '/api/uploads', {
      'Upload-Length': String(file.length),
      'Upload-Metadata': metadata({ orphan_id: String(child), media_type: 'document', title: 'School letter', date: '2024-04-02', filename: 'letter.pdf' }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    const proxy = await losingFinalAnswer(server());
    try {
      // The whole file in one PATCH through the lossy link: the server saves it, the answer never arrives.
      await expect(tus(proxy, token, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, file)).rejects.toThrow();
      expect(proxy.lost()).toBe(1);
      // What tus-js-client does next: HEAD, and an offset equal to the length is success.
      let head = await tus(proxy, token, 'HEAD', location);
      for (let i = 0; i < 100 && head.status === 423; i++) {
        await new Promise((r) => setTimeout(r, 50));
        head = await tus(proxy, token, 'HEAD', location);
      }
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(file.length));
      expect(head.headers.get('upload-length')).toBe(String(file.length));
      const id = Number(head.headers.get('upload-media-id'));
      const item = await call(server(), 'GET', `/api/galleries/${id}`, { token });
      expect(item.body.data).toMatchObject({ orphan_id: child, title: 'School letter', size_bytes: file.length });
      expect((await fetchBytes(server(), item.body.data.original_url)).body.equals(file)).toBe(true);
      // One item, not two: nothing was sent again.
      expect(await mediaRows(server())).toBe(rows + 1);
      // Only the uploader learns of it.
      const other = await userWithRoles(server(), ['Caseworker']);
      expect((await tus(server(), other.token, 'HEAD', location)).status).toBe(404);
    } finally {
      await proxy.close();
    }
  });

  it('remembers a refusal whose answer was lost: the retry\'s HEAD and PATCH answer it again, in the reader\'s language', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Refused');
    const rows = await mediaRows(server());
    const files = galleryFiles(server());
    const html = Buffer.from('<html><body>not a photo at all</body></html>');
    const created = await tus(server(), token, 'POST', '/api/uploads', {
      'Upload-Length': String(html.length),
      'Upload-Metadata': metadata({ orphan_id: String(child), media_type: 'image', title: 'Photo', date: '2024-04-01', filename: 'p.jpg' }),
    });
    const location = created.headers.get('location')!;
    const proxy = await losingFinalAnswer(server());
    try {
      await expect(tus(proxy, token, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, html)).rejects.toThrow();
      expect(proxy.lost()).toBe(1);
      const inDari = { 'Accept-Language': 'fa-AF' };
      const head = await tus(proxy, token, 'HEAD', location, inDari);
      expect(head.status).toBe(422);
      const refusal = JSON.parse(decodeURIComponent(head.headers.get('upload-refusal')!));
      const [message] = refusal.errors.file as string[];
      expect(message).toMatch(/[\u0600-\u06ff]/);
      expect(refusal.message).toBe(message);
      // tus-js-client would PATCH only after a HEAD; a page that does answers the same, with the body.
      const patch = await tus(proxy, token, 'PATCH', location, { ...inDari, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, html);
      expect(patch.status).toBe(422);
      expect(JSON.parse(patch.text)).toEqual(refusal);
      // In English for an English reader; to nobody else.
      const english = await tus(server(), token, 'HEAD', location);
      const [inEnglish] = JSON.parse(decodeURIComponent(english.headers.get('upload-refusal')!)).errors.file as string[];
      expect(inEnglish).toMatch(/^The file must be an image/);
      expect(localiseMessage(inEnglish!, 'fa-AF')).toBe(message);
      const other = await userWithRoles(server(), ['Caseworker']);
      expect((await tus(server(), other.token, 'HEAD', location)).status).toBe(404);
      expect((await tus(server(), other.token, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, html)).status).toBe(404);
      expect(await mediaRows(server())).toBe(rows);
      expect(galleryFiles(server())).toEqual(files);
    } finally {
      await proxy.close();
    }
  });

  it('resolves a save cut off by a crash on the next HEAD: the item if its row committed, else 404 so the page sends the file again', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Interrupted');
    const storage = server().config.storageDir;
    const file = Buffer.concat([PDF, randomBytes(1024)]);
    const saved = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Committed before the crash', date: '2024-04-04' }, { data: file, name: 'c.pdf' })).body.data.id as number;
    const { file_path: committedKey } = await server().database.db.selectFrom('media').select('file_path').where('id', '=', saved).executeTakeFirstOrThrow();
    const rows = await mediaRows(server());

    /** An upload whose every byte arrived, with a `saving` record as the process saving it left it. */
    const interrupted = async (record: { pid: number; file_key: string }) => {
      const created = await tus(server(), token, 'POST', '/api/uploads', {
        'Upload-Length': String(file.length),
        'Upload-Metadata': metadata({ orphan_id: String(child), media_type: 'document', title: 'Report', date: '2024-04-04', filename: 'r.pdf' }),
      });
      const location = created.headers.get('location')!;
      const id = location.split('/').pop()!;
      writeFileSync(path.join(storage, '.resumable', id), file);
      const uploadedBy = JSON.parse(readFileSync(path.join(storage, '.resumable', `${id}.json`), 'utf8')).metadata.uploaded_by as string;
      writeFileSync(path.join(storage, '.resumable-finished', `${id}.json`), JSON.stringify({ state: 'saving', uploaded_by: uploadedBy, size: file.length, ...record }));
      return { location, id };
    };
    const received = (id: string) => existsSync(path.join(storage, '.resumable', id));

    // Its row committed, then the process died: the HEAD names the item.
    const committed = await interrupted({ pid: endedProcessId(), file_key: committedKey });
    const head = await tus(server(), token, 'HEAD', committed.location);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-media-id')]).toEqual([200, String(file.length), String(saved)]);
    expect(received(committed.id)).toBe(false);

    // Killed before its row: the stray file goes, and so do the bytes, so the page starts again.
    // The record names this very process id, as a restarted container's server has: not saving it now, so ended.
    const strayKey = 'gallery/2024/04/0123456789abcdef0123456789abcdef';
    mkdirSync(path.join(storage, 'gallery/2024/04'), { recursive: true });
    writeFileSync(path.join(storage, strayKey), file);
    const lost = await interrupted({ pid: process.pid, file_key: strayKey });
    expect((await tus(server(), token, 'HEAD', lost.location)).status).toBe(404);
    expect(existsSync(path.join(storage, strayKey))).toBe(false);
    expect(received(lost.id)).toBe(false);
    expect(existsSync(path.join(storage, '.resumable-finished', `${lost.id}.json`))).toBe(false);
    expect(await mediaRows(server())).toBe(rows);

    // A live process saving it: still 423.
    const live = await interrupted({ pid: process.ppid, file_key: strayKey });
    expect((await tus(server(), token, 'HEAD', live.location)).status).toBe(423);
    expect(received(live.id)).toBe(true);
  });

  it('answers 423 while an upload whose bytes are all in is being saved, so the page asks again', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Saving');
    const file = Buffer.from('Notes of the home visit.\n');
    const created = await tus(server(), token, 'POST', '/api/uploads', {
      'Upload-Length': String(file.length),
      'Upload-Metadata': metadata({ orphan_id: String(child), media_type: 'document', title: 'Visit notes', date: '2024-04-03', filename: 'notes.txt' }),
    });
    const location = created.headers.get('location')!;
    // Every byte received, none saved yet: the state between the last PATCH and the item (or a
    // server that stopped in it), made here by writing the bytes where tus keeps them.
    writeFileSync(path.join(server().config.storageDir, '.resumable', location.split('/').pop()!), file);
    const head = await tus(server(), token, 'HEAD', location);
    expect(head.status).toBe(423);
    const other = await userWithRoles(server(), ['Caseworker']);
    expect((await tus(server(), other.token, 'HEAD', location)).status).toBe(404);
    // Still no save begun two minutes after the last byte: the process that took them ended first.
    // The bytes go and the page is told to send the file again.
    const received = path.join(server().config.storageDir, '.resumable', location.split('/').pop()!);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    utimesSync(received, twoMinutesAgo, twoMinutesAgo);
    expect((await tus(server(), token, 'HEAD', location)).status).toBe(404);
    expect(existsSync(received)).toBe(false);
  });

  it("answers the upload route's refusals in the reader's language", async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Dari');
    const inDari = { 'Accept-Language': 'fa-AF' };
    const base = { orphan_id: String(child), media_type: 'image', title: 'Photo', date: '2024-04-01', filename: 'p.jpg' };
    const dari = (english: string) => {
      const text = localiseMessage(english, 'fa-AF');
      expect(text).not.toBe(english);
      return text;
    };

    const unknownChild = await tus(server(), token, 'POST', '/api/uploads', { ...inDari, 'Upload-Length': '10', 'Upload-Metadata': metadata({ ...base, orphan_id: '999999' }) });
    expect(unknownChild.status).toBe(422);
    expect(JSON.parse(unknownChild.text).errors.orphan_id).toEqual([dari(MEDIA_MESSAGES.orphanNotFound)]);
    const tooBig = await tus(server(), token, 'POST', '/api/uploads', { ...inDari, 'Upload-Length': String(20 * 1024 * 1024 + 1), 'Upload-Metadata': metadata(base) });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.text).message).toBe(dari(mediaTooLargeMessage('image', 20 * 1024 * 1024)));
    // Past every type's limit, which tus itself would refuse in English.
    const huge = await tus(server(), token, 'POST', '/api/uploads', { ...inDari, 'Upload-Length': String(3 * 1024 ** 4), 'Upload-Metadata': metadata(base) });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text).message).not.toMatch(/[a-z]{4}/i);

    // The wrong content, found at the end, in Pashto.
    const html = Buffer.from('<html><body>not a photo</body></html>');
    const created = await tus(server(), token, 'POST', '/api/uploads', { 'Upload-Length': String(html.length), 'Upload-Metadata': metadata(base) });
    const end = await tus(server(), token, 'PATCH', created.headers.get('location')!, { 'Accept-Language': 'ps-AF', 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, html);
    expect(end.status).toBe(422);
    const [message] = JSON.parse(end.text).errors.file as string[];
    expect(message).not.toMatch(/^The image/);
    expect(message).toMatch(/[\u0600-\u06ff]/);
  });

  it("replaces an item's file resumably: the update's fields with `replaces`, checked as an upload, old file gone", async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Replaced');
    const first = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64 * 1024)]);
    const form = uploadForm({ orphan_id: child, media_type: 'document', title: 'Report', description: 'First draft', date: '2024-04-01' }, { data: first, name: 'draft.pdf' });
    const id = (await call(server(), 'POST', '/api/galleries', { token, body: form })).body.data.id as number;
    const old = await server().database.db.selectFrom('media').select('file_path').where('id', '=', id).executeTakeFirstOrThrow();
    const start = (fields: Record<string, string>, length: number) =>
      tus(server(), token, 'POST', '/api/uploads', { 'Upload-Length': String(length), 'Upload-Metadata': metadata({ filename: 'final.pdf', ...fields }) });

    expect((await start({ replaces: '999999' }, 10)).status).toBe(404);
    expect((await start({ replaces: String(id), title: 'x'.repeat(10_000) }, 10)).status).toBe(422);
    expect((await start({ replaces: String(id) }, 25 * 1024 * 1024 + 1)).status).toBe(413);
    // Wrong content, found at the end: refused, the item as it was.
    const html = Buffer.from('<html><body>not a report</body></html>');
    const refused = await start({ replaces: String(id) }, html.length);
    const end = await tus(server(), token, 'PATCH', refused.headers.get('location')!, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, html);
    expect(end.status).toBe(422);
    expect((await call(server(), 'GET', `/api/galleries/${id}`, { token })).body.data).toMatchObject({ file_name: 'draft.pdf', description: 'First draft' });

    // Cut off mid-way, resumed, finished: a new title, the description emptied (a key without value), the new bytes.
    const final = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 * 1024 * 1024)]);
    const created = await start({ replaces: String(id), title: 'Report, final', description: '' }, final.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    await patchThenDrop(server(), token, location, 0, final, 512 * 1024);
    const offset = await offsetOf(server(), token, location);
    const rest = await tus(server(), token, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }, final.subarray(offset));
    expect(rest.status).toBe(200);
    const item = JSON.parse(rest.text).data;
    expect(item).toMatchObject({ id, title: 'Report, final', description: null, file_name: 'final.pdf', size_bytes: final.length, media_type: 'document' });
    expect((await fetchBytes(server(), item.original_url)).body.equals(final)).toBe(true);
    expect(galleryFiles(server())).not.toContain(old.file_path);
    expect(rest.headers.get('upload-media-id')).toBe(String(id));
  });
});
