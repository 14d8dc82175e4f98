import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { createChild, fetchBytes, galleryFiles, mediaRows } from './gallery-test-kit.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `${k} ${b64(v)}`).join(',');

async function tus(server: TestServer, token: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...TUS, Authorization: `Bearer ${token}`, ...headers }, body: body ? new Uint8Array(body) : undefined });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

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

    // Someone else cannot see or continue it.
    const other = await userWithRoles(server(), ['Caseworker']);
    expect((await tus(server(), other.token, 'HEAD', location)).status).toBe(404);

    const rest = await tus(server(), token, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }, file.subarray(offset));
    expect(rest.status).toBe(200);
    const item = JSON.parse(rest.text).data;
    expect(item).toMatchObject({ orphan_id: child, media_type: 'document', title: 'Medical report', file_name: 'report.pdf', size_bytes: file.length, mime_type: 'application/pdf' });
    const downloaded = await fetchBytes(server(), item.original_url);
    expect(downloaded.body.equals(file)).toBe(true);
    // The received copy is gone once the item holds the file.
    expect((await tus(server(), token, 'HEAD', location)).status).toBe(404);
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
    expect((await tus(server(), token, 'HEAD', location)).status).toBe(404);
  });
});
