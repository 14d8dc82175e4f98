import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Dialect } from '../../config.ts';
import { dataPlace, signInChild, startChildServer, type ChildServer, type DataPlace } from '../../../test/child-server.ts';
import { TUS, tusMetadata } from './gallery-test-kit.ts';

/**
 * One upload's bytes sent twice at once, to two server processes on one database and one storage
 * folder (as cluster workers on PostgreSQL, or two machines behind a balancer, share them): the
 * upload's lock must hold across processes, so one request writes and finishes it and the other
 * is refused, instead of both writing into the same file and each saving the mixture.
 */

const UPLOADS = 6;
const SIZE = 2 * 1024 * 1024;
const HALF = SIZE / 2;

/** A PDF header, then random bytes: two of these never share a run of bytes by chance. */
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(SIZE - 9)]);

/**
 * A PATCH from offset 0 whose headers go at once and whose body follows in two parts, when `half`
 * and `rest` resolve; answers its status and body.
 */
function patchInParts(base: string, token: string, location: string, bytes: Buffer, half: Promise<void>, rest: Promise<void>): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: location,
      method: 'PATCH',
      agent: false,
      headers: { ...TUS, Authorization: `Bearer ${token}`, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0', 'Content-Length': String(bytes.length) },
    });
    req.on('error', (err) => resolve({ status: 0, text: String(err) }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.flushHeaders();
    void half.then(() => req.write(bytes.subarray(0, HALF)));
    void rest.then(() => req.end(bytes.subarray(HALF)));
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
describe.each(dialects)('resumable uploads sent to two server processes at once [%s]', (dialect) => {
  let place: DataPlace;
  let one: ChildServer;
  let two: ChildServer;
  beforeAll(async () => {
    place = await dataPlace(dialect);
    // One after the other: the first migrates and seeds, the second finds it done.
    one = await startChildServer(place);
    two = await startChildServer(place);
  }, 120_000);
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await place?.drop();
  });

  it('writes each upload from one request only and saves it once: no file spliced from two senders', { timeout: 120_000 }, async () => {
    const token = await signInChild(one.base);
    const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const created = await fetch(`${one.base}/api/orphans`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Two', last_name: 'Senders', dob: '2015-05-01', gender: 'female', admission_date: '2023-01-10', status: 'active' }),
    });
    const child = ((await created.json()) as { data: { id: number } }).data.id;

    const uploads = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        // Created on both processes: each has loaded tus before the race.
        const res = await fetch(`${(i % 2 ? two : one).base}/api/uploads`, {
          method: 'POST',
          headers: { ...TUS, ...auth, 'Upload-Length': String(SIZE), 'Upload-Metadata': tusMetadata({ orphan_id: String(child), media_type: 'document', title: `Report ${i}`, date: '2024-05-01', filename: `r${i}.pdf` }) },
        });
        expect(res.status).toBe(201);
        return { location: res.headers.get('location')!, first: pdf(), second: pdf() };
      }),
    );

    const answers = await Promise.all(
      uploads.map(async ({ location, first, second }) => {
        let sendHalf!: () => void;
        let sendRest!: () => void;
        const half = new Promise<void>((resolve) => (sendHalf = resolve));
        const rest = new Promise<void>((resolve) => (sendRest = resolve));
        // Both requests arrive, one at each process, before either sends a byte: both find the
        // upload at offset 0, and both would write from there if nothing held the second back.
        const a = patchInParts(one.base, token, location, first, half, rest);
        const b = patchInParts(two.base, token, location, second, half, rest);
        await pause(500);
        sendHalf();
        await pause(100);
        sendRest();
        return { first: await a, second: await b };
      }),
    );

    const list = await fetch(`${one.base}/api/galleries?orphan_id=${child}&per_page=100`, { headers: auth });
    const items = ((await list.json()) as { data: Array<{ id: number; title: string; original_url: string }> }).data;
    expect(items).toHaveLength(UPLOADS);
    for (const [i, { first, second }] of answers.entries()) {
      const saved = [first, second].filter((a) => a.status === 200);
      expect(saved).toHaveLength(1);
      const item = JSON.parse(saved[0]!.text).data as { id: number; original_url: string };
      expect(items.filter((it) => it.title === `Report ${i}`).map((it) => it.id)).toEqual([item.id]);
      const stored = Buffer.from(await (await fetch(`${one.base}${item.original_url}`)).arrayBuffer());
      expect(stored.equals(saved[0] === first ? uploads[i]!.first : uploads[i]!.second)).toBe(true);
    }
  });
});
