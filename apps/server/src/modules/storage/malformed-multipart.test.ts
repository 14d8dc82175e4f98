import { connect } from 'node:net';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { MALFORMED_FORM } from './uploads.service.ts';
import { call, describeEachDatabase, loginAdmin, type TestServer } from '../../../test/harness.ts';
import { storedFiles } from '../../../test/stored-files.ts';

/**
 * Multipart bodies a browser never sends but anyone can: no boundary, a body cut off mid-part,
 * garbage where the parts should be. Each multipart route answers a clear 4xx in the spec's
 * error shape, stores nothing, and the server goes on serving.
 */

const BOUNDARY = 'XyZzyBoundary42';
const VALID = { first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' };

function partsOf(fields: Record<string, string>, file?: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="profile_photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`));
    chunks.push(file, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The malformed bodies, each with the Content-Type it is sent under. */
function malformedBodies(photo: Buffer): Array<{ name: string; contentType: string; body: Buffer }> {
  const whole = partsOf({ ...VALID, first_name: 'Malformed' }, photo);
  return [
    { name: 'no boundary', contentType: 'multipart/form-data', body: whole },
    { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: whole },
    { name: 'cut off inside a field', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: whole.subarray(0, 60) },
    { name: 'cut off inside the photo', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: whole.subarray(0, whole.length - 200) },
    { name: 'no closing boundary', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: whole.subarray(0, whole.length - `--${BOUNDARY}--\r\n`.length) },
    { name: 'garbage instead of parts', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from('this is not a multipart body at all') },
    { name: 'a part without headers', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`) },
    { name: 'a JSON part that is not JSON', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="profile"\r\nContent-Type: application/json\r\n\r\n{not json\r\n--${BOUNDARY}--\r\n`) },
    { name: 'a field named __proto__', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`) },
    { name: 'a header line without end', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="first_name"${'x'.repeat(20_000)}`) },
  ];
}

/** One raw HTTP/1.1 request over a socket, so nothing between the test and the server tidies the body. */
function rawRequest(server: TestServer, method: string, path: string, headers: Record<string, string>, body: Buffer, opts: { chunked?: boolean } = {}): Promise<{ status: number; body: any }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', 'Accept: application/json'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    lines.push(opts.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (opts.chunked) socket.write(Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]));
    else socket.write(body);
    const received: Buffer[] = [];
    socket.on('data', (c) => received.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(received).toString();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const raw = text.slice(text.indexOf('\r\n\r\n') + 4);
      // A chunked answer: take the JSON between the chunk sizes.
      const json = raw.slice(raw.indexOf('{'), raw.lastIndexOf('}') + 1);
      let parsed: unknown = raw;
      try {
        parsed = JSON.parse(json);
      } catch {
        /* keep the text */
      }
      resolve({ status, body: parsed });
    });
  });
}


async function orphanCount(server: TestServer): Promise<number> {
  const r = await server.database.db.selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

describeEachDatabase('malformed multipart', (server) => {
  let token: string;
  let photo: Buffer;
  let orphanId: number;
  let mediaId: number;

  beforeAll(async () => {
    token = await loginAdmin(server());
    photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const created = await call(server(), 'POST', '/api/orphans', { token, body: VALID });
    orphanId = created.body.data.id;
    const form = new FormData();
    for (const [k, v] of Object.entries({ orphan_id: String(orphanId), media_type: 'image', title: 'A photo', date: '2024-05-01' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'p.png');
    const media = await call(server(), 'POST', '/api/galleries', { token, body: form });
    mediaId = media.body.data.id;
  });

  const routes = () => [
    { method: 'POST', path: '/api/orphans' },
    { method: 'PUT', path: `/api/orphans/${orphanId}` },
    { method: 'POST', path: `/api/orphans/${orphanId}` },
    { method: 'PUT', path: '/api/settings' },
    { method: 'POST', path: '/api/galleries' },
    // The gallery item's edit answered 500 to a cut-off body (found by the API fuzzer).
    { method: 'PUT', path: `/api/galleries/${mediaId}` },
    { method: 'POST', path: `/api/galleries/${mediaId}` },
  ];

  it('answers every malformed body on every multipart route with a 4xx {message}, stores nothing, keeps serving', async () => {
    const before = { orphans: await orphanCount(server()), files: storedFiles(server().config.storageDir).length };
    const settingsBefore = (await call(server(), 'GET', '/api/settings', { token })).body;
    for (const route of routes()) {
      for (const bad of malformedBodies(photo)) {
        for (const chunked of [false, true]) {
          const res = await rawRequest(server(), route.method, route.path, { Authorization: `Bearer ${token}`, 'Content-Type': bad.contentType }, bad.body, { chunked });
          const label = `${route.method} ${route.path}: ${bad.name}${chunked ? ' (chunked)' : ''}`;
          // A gallery edit may change any field or none: a headerless part, which the parser skips,
          // leaves an empty edit — a 200 that changes nothing (checked below).
          if (route.path.startsWith('/api/galleries/') && bad.name === 'a part without headers' && res.status === 200) continue;
          expect(res.status, label).toBeGreaterThanOrEqual(400);
          expect(res.status, label).toBeLessThan(500);
          expect(typeof res.body?.message, label).toBe('string');
          if (res.status === 422) expect(typeof res.body.errors, label).toBe('object');
        }
      }
    }
    expect(await orphanCount(server())).toBe(before.orphans);
    expect(storedFiles(server().config.storageDir).length).toBe(before.files);
    const child = await call(server(), 'GET', `/api/orphans/${orphanId}`, { token });
    expect(child.body.data.first_name).toBe('Maryam');
    expect((await call(server(), 'GET', '/api/settings', { token })).body).toEqual(settingsBefore);
    expect((await call(server(), 'GET', `/api/galleries/${mediaId}`, { token })).body.data.title).toBe('A photo');
    expect((await call(server(), 'GET', '/api/health')).status).toBe(200);
  });

  it('says plainly what is wrong: 400 with a message about the form; 413 for too many fields', async () => {
    // (A part without headers is skipped by the parser: what is left is an empty form, a 422.)
    for (const bad of malformedBodies(photo).filter((b) => b.name !== 'a part without headers')) {
      const res = await rawRequest(server(), 'POST', '/api/orphans', { Authorization: `Bearer ${token}`, 'Content-Type': bad.contentType }, bad.body);
      expect(res.status, bad.name).toBe(400);
      expect(res.body, bad.name).toEqual({ message: MALFORMED_FORM, code: 'bad_request' });
    }
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, 'x']));
    const res = await rawRequest(server(), 'PUT', '/api/settings', { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, partsOf(many));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The form has too many fields.');
  });

  it('still accepts a well-formed multipart body over the same raw path', async () => {
    const body = partsOf({ ...VALID, first_name: 'Wellformed' }, photo);
    const res = await rawRequest(server(), 'POST', '/api/orphans', { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body);
    expect(res.status).toBe(201);
    expect(res.body.data.first_name).toBe('Wellformed');
    expect(res.body.data.profile_photo_url).toMatch(/^\/storage\//);
  });
});
