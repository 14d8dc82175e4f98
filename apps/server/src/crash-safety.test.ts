import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { signInChild } from '../test/child-server.ts';
import { describeKilledServer } from '../test/killed-server.ts';
import { storedFiles } from '../test/stored-files.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { FILE_REFERENCES } from './modules/storage/uncommitted-files.ts';
import { FieldCipher } from './lib/field-cipher.ts';
import { TEST_DATA_KEY } from '../test/data-key.ts';

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
        // Notes are sealed (decision 0060): read as the server reads them, with the test's data key.
        const notes = row?.notes ? new FieldCipher(Buffer.from(TEST_DATA_KEY, 'hex')).open('orphans', 'notes', id, row.notes) : row?.notes;
        if (edits.acked) expect([edits.acked, ...edits.inFlight]).toContain(notes);
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

/** The state letter of a process (T: stopped), or null once it is gone. */
function processState(pid: number): string | null {
  try {
    return /\) (\w)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))![1]!;
  } catch {
    return null;
  }
}

/** The ffmpeg a server started (its child, the priority and limit wrappers done), or null. */
function encodeOf(serverPid: number): number | null {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (parent === serverPid && path.basename(args[0]!) === 'ffmpeg' && args.some((a) => a.includes('/.transcode/'))) return pid;
    } catch {
      /* ended meanwhile */
    }
  }
  return null;
}

async function until<T>(what: () => T | Promise<T>, done: (v: T) => boolean, label: string, ms = 240_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeKilledServer('an encode when the server is killed', (server) => {
  it('dies with the server even while paused, and a restart takes its job back at once and finishes it', { timeout: 400_000 }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-crash-clip-'));
    try {
      const clipFile = path.join(dir, 'clip.mp4');
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=6:size=1280x720:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clipFile]);
      const running = await server.start();
      const token = await signInChild(running.base);
      const post = async (url: string, body: FormData | object) => {
        const json = !(body instanceof FormData);
        const res = await fetch(`${running.base}${url}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(json ? { 'Content-Type': 'application/json' } : {}) },
          body: json ? JSON.stringify(body) : body,
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { id: number } }).data.id;
      };
      const child = await post('/api/orphans', { ...CHILD, first_name: 'Encode', last_name: 'Crash' });
      const form = new FormData();
      for (const [k, v] of Object.entries({ orphan_id: String(child), media_type: 'video', title: 'Sports day', date: '2024-05-01' })) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(readFileSync(clipFile))], { type: 'video/mp4' }), 'sports.mp4');
      const mediaId = await post('/api/galleries', form);

      // Its encode running, then paused (as the server pauses it while busy): the server dies then.
      const encode = await until(() => encodeOf(running.child.pid!), (pid) => pid !== null, 'the encode to start');
      process.kill(encode!, 'SIGSTOP');
      await until(() => processState(encode!), (s) => s === 'T', 'the encode to stop');
      await server.kill();
      // The encode ends with its server, without waiting for a restart.
      await until(() => processState(encode!), (s) => s === null || s === 'Z', 'the paused encode to end with its server');

      // The restart takes the dead process's job back at once (the lease is 30 minutes) and finishes it.
      await server.start();
      const database = openDatabase(loadConfig({ ...server.place.env, NODE_ENV: 'test' }));
      try {
        const row = await until(
          () => database.db.selectFrom('media').select(['status', 'video_360p_path']).where('id', '=', mediaId).executeTakeFirstOrThrow(),
          (r) => r.status !== 'processing',
          'the item to be ready',
        );
        expect(row.status).toBe('ready');
        expect(row.video_360p_path).toBeTruthy();
        const job = await database.db.selectFrom('jobs').selectAll().where('media_id', '=', mediaId).executeTakeFirstOrThrow();
        expect(job.state).toBe('done');
        // Nothing half-made is left in the encode folder.
        const work = path.join(server.place.storageDir, '.transcode');
        await until(() => (existsSync(work) ? readdirSync(work) : []), (files) => files.length === 0, 'the work folder to be empty', 10_000);
      } finally {
        await database.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
