import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { signInChild } from '../test/child-server.ts';
import { describeKilledServer } from '../test/killed-server.ts';
import { storedFiles } from '../test/stored-files.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { FILE_REFERENCES } from './modules/storage/uncommitted-files.ts';

/**
 * Crash safety: the real server as a child process, a stream of
 * work at it — children created with photos and their photos replaced, record edits, results,
 * gallery photos and documents (their files replaced too) — SIGKILL in the middle, a restart, twice, then a last start.
 * Afterwards every acknowledged write is there (an edit holds its acknowledged value, or the one
 * in flight at the kill), no stored file lacks its record nor a record its file, nothing
 * uncommitted is left, and the database passes its integrity checks. On SQLite and PostgreSQL.
 */

/** One kill in the window where an upload's files are stored but not committed, one at random. */
const ROUNDS = 2;
const PHOTO_UPLOADERS = 4;

/** A photo that takes the server some milliseconds to decode and resize, so kills land mid-work. */
function photo(seed: number): Promise<Buffer> {
  return sharp(randomBytes(300 * 200 * 3), { raw: { width: 300, height: 200, channels: 3 } })
    .resize(1800, 1200, { kernel: 'nearest' })
    .modulate({ hue: seed % 360 })
    .jpeg({ quality: 90 })
    .toBuffer();
}


const CHILD = { dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' };
const RESULT = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84 };

/** What the server said it stored, to be found after the crashes. */
interface Acknowledged {
  children: number[];
  replacedPhotos: number;
  results: number[];
  media: number[];
  /** Gallery items whose file was replaced (POST with the PUT override). */
  replacedMedia: number;
  /** Per edited child: the notes last acknowledged, and the ones sent but unanswered at the kill. */
  notes: Map<number, { acked: string | null; inFlight: Set<string> }>;
}

describeKilledServer('the server killed mid-stream', (server, dialect) => {
  it('keeps every acknowledged write, no half row or file, and a sound database', { timeout: 300_000 }, async () => {
    const photos = await Promise.all(Array.from({ length: PHOTO_UPLOADERS }, (_, i) => photo(i * 50)));
    const ack: Acknowledged = { children: [], replacedPhotos: 0, results: [], media: [], replacedMedia: 0, notes: new Map() };
    let leftBehindAtSomeKill = 0;
    let edited: number | undefined;
    let seq = 0;
    let subjects = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const { base } = await server.start();
      const { place } = server;
      const token = await signInChild(base);
      let killed = false;
      let ackedThisRound = 0;
      const request = async (method: string, url: string, body: FormData | object, expected: number) => {
        const json = !(body instanceof FormData);
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(json ? { 'Content-Type': 'application/json' } : {}) },
          body: json ? JSON.stringify(body) : body,
        });
        const answer = (await res.json()) as { data?: { id: number } };
        expect(res.status, `${method} ${url}: ${JSON.stringify(answer)}`).toBe(expected);
        return answer.data!.id;
      };
      const childForm = (i: number, extra: Record<string, string> = {}) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ first_name: `Crash${round}`, last_name: `Upload${i}`, ...CHILD, ...extra })) form.append(k, v);
        form.append('profile_photo', new Blob([new Uint8Array(photos[i % PHOTO_UPLOADERS]!)], { type: 'image/jpeg' }), 'p.jpg');
        return form;
      };
      const galleryForm = (child: number, i: number, document: boolean) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ orphan_id: String(child), media_type: document ? 'document' : 'image', title: `Crash ${round}.${i}`, date: '2024-05-01' })) form.append(k, v);
        form.append(
          'file',
          document
            ? new Blob([`School letter ${round}.${i}\n`.repeat(2000)], { type: 'text/plain' })
            : new Blob([new Uint8Array(photos[i % PHOTO_UPLOADERS]!)], { type: 'image/jpeg' }),
          document ? 'letter.txt' : 'photo.jpg',
        );
        return form;
      };

      // Each worker loops until the kill; an error after the kill is the dropped connection.
      const worker = (step: (i: number) => Promise<void>) => async (i: number) => {
        while (!killed) {
          await step(i).catch((err: unknown) => {
            if (!killed) throw err;
          });
        }
      };
      const photoStep = async (i: number) => {
        const id = await request('POST', '/api/orphans', childForm(i), 201);
        ack.children.push(id);
        ackedThisRound++;
        await request('PUT', `/api/orphans/${id}`, childForm(i + 1), 200);
        ack.replacedPhotos++;
      };
      const editStep = async () => {
        // A child of its own (the photo workers' PUTs replace whole records).
        edited ??= await request('POST', '/api/orphans', { ...CHILD, first_name: 'Edited', last_name: 'Child' }, 201);
        const state = ack.notes.get(edited) ?? { acked: null, inFlight: new Set<string>() };
        ack.notes.set(edited, state);
        const notes = `edit ${round}.${++seq}`;
        state.inFlight.add(notes);
        await request('PUT', `/api/orphans/${edited}`, { ...CHILD, first_name: 'Edited', last_name: 'Child', notes }, 200);
        // Acknowledged: earlier unanswered edits can no longer be the last word, this one came after them.
        state.acked = notes;
        state.inFlight.clear();
      };
      const resultStep = async () => {
        const child = ack.children[0];
        if (child === undefined) return void (await new Promise((r) => setTimeout(r, 10)));
        // A subject of its own each time: one result per assessment.
        ack.results.push(await request('POST', '/api/results', { ...RESULT, subject: `Subject ${++subjects}`, orphan_id: child }, 201));
      };
      const galleryStep = async (i: number) => {
        const child = ack.children[ack.children.length - 1];
        if (child === undefined) return void (await new Promise((r) => setTimeout(r, 10)));
        const id = await request('POST', '/api/galleries', galleryForm(child, i, i % 2 === 1), 201);
        ack.media.push(id);
        // Its file replaced: the old files are removed once the row points to the new ones.
        const replacement = galleryForm(child, i + 1, i % 2 === 1);
        replacement.append('_method', 'PUT');
        await request('POST', `/api/galleries/${id}`, replacement, 200);
        ack.replacedMedia++;
      };
      const workers = [
        ...Array.from({ length: PHOTO_UPLOADERS }, (_, i) => worker(photoStep)(i)),
        worker(editStep)(0),
        worker(resultStep)(0),
        worker(galleryStep)(0),
        worker(galleryStep)(1),
      ];

      // Kill once this round has saved a few: in even rounds the moment some upload's files are
      // stored but not yet committed (the window the start-up sweep exists for), in odd rounds at
      // a random moment, when work is in every stage.
      const media = ack.media.length;
      const replaced = ack.replacedPhotos;
      while (ackedThisRound < 2 || ack.media.length === media || ack.replacedPhotos === replaced) await new Promise((r) => setTimeout(r, 5));
      if (round % 2 === 0) {
        while (!storedFiles(place.storageDir).some((f) => f.startsWith('.uncommitted/'))) await new Promise((r) => setImmediate(r));
      } else {
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 200)));
      }
      const dead = server.kill();
      killed = true;
      await dead;
      await Promise.all(workers);
      leftBehindAtSomeKill += storedFiles(place.storageDir).filter((f) => f.startsWith('.')).length;
    }

    // The last start sweeps before it listens.
    await server.start();
    const { place } = server;
    const database = openDatabase(loadConfig({ ...place.env, NODE_ENV: 'test' }));
    try {
      const db = database.db;
      const referenced = new Set<string>();
      for (const { table, columns } of FILE_REFERENCES) {
        const rows = await (db as any).selectFrom(table).select(columns).execute();
        for (const row of rows) for (const c of columns) if (row[c]) referenced.add(row[c]);
      }
      const files = storedFiles(place.storageDir);
      // Nothing uncommitted or half-written remains, every stored file is some record's, and
      // every file a record names is there.
      expect(files.filter((f) => !referenced.has(f))).toEqual([]);
      expect([...referenced].filter((k) => !files.includes(k))).toEqual([]);

      const children = await db.selectFrom('orphans').select(['id', 'photo_path', 'photo_thumb_path']).where('id', 'in', ack.children).execute();
      expect(children.length).toBe(ack.children.length);
      for (const row of children) expect(row.photo_path && row.photo_thumb_path, `child ${row.id} lost its photo`).toBeTruthy();
      for (const [id, edits] of ack.notes) {
        const row = await db.selectFrom('orphans').select('notes').where('id', '=', id).executeTakeFirst();
        if (edits.acked) expect([edits.acked, ...edits.inFlight]).toContain(row?.notes);
      }
      const results = await db.selectFrom('results').select('id').where('id', 'in', ack.results.length ? ack.results : [0]).execute();
      expect(results.length).toBe(ack.results.length);
      const media = await db.selectFrom('media').select(['id', 'file_path']).where('id', 'in', ack.media).execute();
      expect(media.length).toBe(ack.media.length);

      // The database's own checks: SQLite's page and foreign-key checks; on PostgreSQL (whose WAL
      // recovery is its own) that no row points at a child that is not there.
      if (dialect === 'sqlite') {
        expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
        expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      }
      for (const table of ['media', 'results'] as const) {
        const orphaned = await db.selectFrom(table).leftJoin('orphans', 'orphans.id', `${table}.orphan_id`).select(`${table}.id`).where('orphans.id', 'is', null).execute();
        expect(orphaned, `${table} rows without their child`).toEqual([]);
      }

      // The kills did catch work in flight (else this proved little).
      expect(ack.children.length).toBeGreaterThanOrEqual(ROUNDS * 2);
      expect(ack.media.length).toBeGreaterThanOrEqual(ROUNDS);
      expect(ack.replacedPhotos).toBeGreaterThanOrEqual(ROUNDS);
      expect(ack.results.length).toBeGreaterThan(0);
      expect([...ack.notes.values()].some((n) => n.acked)).toBe(true);
      expect(leftBehindAtSomeKill).toBeGreaterThan(0);
      console.log(
        `[${dialect}] acknowledged over ${ROUNDS} kills: ${ack.children.length} children with photos, ${ack.replacedPhotos} replaced photos, ` +
          `${ack.results.length} results, ${ack.media.length} gallery files (${ack.replacedMedia} replaced), ${[...ack.notes.values()].filter((n) => n.acked).length} edited children; ` +
          `${leftBehindAtSomeKill} uncommitted or temporary files found after the kills, all swept`,
      );
    } finally {
      await database.destroy();
    }
  });
});
