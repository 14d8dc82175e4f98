import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { call, type TestServer } from '../../../test/harness.ts';
import { storedFiles as storedFilesUnder } from '../../../test/stored-files.ts';
export { fetchBytes } from '../../../test/fetch-bytes.ts';

/** What the gallery's API tests share: a child to upload for, an upload, what is stored. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export const TUS = { 'Tus-Resumable': '1.0.0' };
/** tus's Upload-Metadata: each field's name and its value in base64. */
export const tusMetadata = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

/** One tus request, as tus-js-client sends it, with its answer read whole. */
export async function tus(server: { url: string }, token: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...TUS, Authorization: `Bearer ${token}`, ...headers }, body: body ? new Uint8Array(body) : undefined });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A PNG whose header claims a canvas of width × height (what a decompression bomb declares), with no pixels. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

export async function createChild(server: TestServer, token: string, first = 'Zahra'): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', {
    token,
    body: { first_name: first, last_name: 'Karimi', dob: '2015-05-01', gender: 'female', admission_date: '2023-01-10', status: 'active' },
  });
  if (res.status !== 201) throw new Error(`child not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

export interface UploadFields {
  orphan_id?: number | string;
  media_type?: string;
  title?: string;
  description?: string;
  tags?: string;
  date?: string;
}

export function uploadForm(fields: UploadFields, file?: { data: Buffer | Blob; name: string; type?: string }): FormData {
  const form = new FormData();
  // The page sends the fields first and the file last, as here.
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  if (file) form.append('file', file.data instanceof Blob ? file.data : new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}

export function upload(server: TestServer, token: string, fields: UploadFields, file?: { data: Buffer | Blob; name: string; type?: string }) {
  return call(server, 'POST', '/api/galleries', { token, body: uploadForm({ media_type: 'image', title: 'A photo', date: '2024-05-01', ...fields }, file) });
}

/** `POST /galleries/{id}` with the PUT override as the edit screen sends it: the fields, and a new file when given. */
export function replace(server: TestServer, token: string, id: number, fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ _method: 'PUT', ...fields })) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return call(server, 'POST', `/api/galleries/${id}`, { token, body: form });
}

/**
 * A multipart form whose file part is cut off after 2 MB of the 4 MB it announced, as a dropped
 * mobile link leaves it: the fields, then `start` and filler, then the connection closes.
 */
export function sendFormThenDrop(server: TestServer, token: string, path: string, fields: Record<string, string>, file: { name: string; start: Buffer }): Promise<void> {
  const boundary = 'xAbortBoundary';
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const url = new URL(server.url);
  return new Promise<void>((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + 4 * 1024 * 1024) } });
    req.on('error', () => resolve());
    req.write(head);
    req.write(Buffer.concat([file.start, Buffer.alloc(2 * 1024 * 1024, 0x41)]), () => setTimeout(() => { req.destroy(); resolve(); }, 200));
  });
}

/** Every file under the storage root, marks and temporary files included (relative paths). */
export function storedFiles(server: TestServer): string[] {
  return storedFilesUnder(server.config.storageDir);
}

/** The stored gallery files (not the children's photos). */
export const galleryFiles = (server: TestServer) => storedFiles(server).filter((f) => f.startsWith('gallery/') || f.startsWith('.tmp') || f.startsWith('.uncommitted/gallery'));

export async function mediaRows(server: TestServer): Promise<number> {
  const r = await server.database.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * `what()` again and again until `done` holds of its value or `ms` have passed; the last value.
 * Encodes run at idle priority: on a machine busy with other work they wait long for a core.
 */
export async function waitFor<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 240_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
