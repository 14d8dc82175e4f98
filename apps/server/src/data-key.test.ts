import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Dialect } from './config.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DataKeyring } from './lib/data-key.ts';
import { FILES_KEY_ROW } from './modules/storage/stored-files-seal.ts';
import { LocalDiskStorage } from './modules/storage/local-disk-storage.ts';
import { readStoredFile } from './modules/storage/storage.service.ts';
import { dataPlace, repoRoot, signInChild, startChildServer, type DataPlace } from '../test/child-server.ts';
import { TEST_DATA_KEY } from '../test/data-key.ts';

/*
 * The data key's life: a start refuses a wrong, malformed or missing key (naming what to set), a
 * new install makes its key file beside the data folder, files from before encryption are
 * encrypted at the next start, and `npm run rotate-key` moves every file to a new key — killed
 * halfway and run again, nothing is lost.
 */

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
const hex = () => randomBytes(32).toString('hex');

/** Run a script of the server's sources with the place's environment and `env`; its exit code and output. */
function run(script: string, place: DataPlace, env: Record<string, string>, onStart?: (kill: () => void) => void): Promise<{ code: number | null; signal: string | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repoRoot,
      env: { ...process.env, ...place.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code, signal) => resolve({ code, signal, output }));
    onStart?.(() => child.kill('SIGKILL'));
  });
}

const startRefused = (place: DataPlace, env: Record<string, string>) => run('apps/server/src/server.ts', place, env);

async function withServer<T>(place: DataPlace, env: Record<string, string>, work: (base: string, token: string) => Promise<T>): Promise<T> {
  const saved = { ...place.env };
  Object.assign(place.env, env);
  const server = await startChildServer(place);
  Object.assign(place.env, saved);
  try {
    return await work(server.base, await signInChild(server.base));
  } finally {
    await server.stop();
  }
}

async function addChildWithPhoto(base: string, token: string): Promise<{ id: number; photo: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ first_name: 'Maryam', last_name: 'Rahimi', dob: '2014-03-01', gender: 'female', admission_date: '2022-02-01', status: 'active' })) form.append(k, v);
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 90, b: 160 } } }).jpeg().toBuffer();
  form.append('profile_photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'maryam.jpg');
  const res = await fetch(`${base}/api/orphans`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, body: form });
  const body = (await res.json()) as { data: { id: number; profile_photo_url: string } };
  expect(res.status).toBe(201);
  return { id: body.data.id, photo: body.data.profile_photo_url };
}

async function photoOf(base: string, token: string, id: number): Promise<Buffer> {
  const child = (await (await fetch(`${base}/api/orphans/${id}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } })).json()) as { data: { profile_photo_url: string } };
  const res = await fetch(`${base}${child.data.profile_photo_url}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const keyIdOnDisk = (file: string) => readFileSync(file).subarray(8, 16).toString('hex');
const idOf = (key: string) => new DataKeyring(Buffer.from(key, 'hex')).current.id.toString('hex');

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !path.relative(root, e.parentPath).split(path.sep).some((s) => s.startsWith('.')))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the data key in the configuration', () => {
  const sqlite = { DATABASE_URL: '/tmp/x.db' };
  it('reads DATA_KEY or DATA_KEY_FILE, and names the variable of a malformed, unreadable or doubled key', () => {
    const key = hex();
    expect(loadConfig({ ...sqlite, DATA_KEY: key }).dataKey?.toString('hex')).toBe(key);
    const dir = path.join('/tmp', `oc-key-${process.pid}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'k'), `${key}\n`);
    expect(loadConfig({ ...sqlite, DATA_KEY_FILE: path.join(dir, 'k') })).toMatchObject({ dataKeyFrom: 'DATA_KEY_FILE' });
    expect(loadConfig({ ...sqlite, DATA_KEY_FILE: path.join(dir, 'k') }).dataKey?.toString('hex')).toBe(key);
    expect(loadConfig({ ...sqlite, DATA_KEY: '' }).dataKey).toBeNull();
    expect(() => loadConfig({ ...sqlite, DATA_KEY: key.slice(2) })).toThrow(/DATA_KEY=".*": must be 64 hexadecimal characters/);
    writeFileSync(path.join(dir, 'short'), 'abc\n');
    expect(() => loadConfig({ ...sqlite, DATA_KEY_FILE: path.join(dir, 'short') })).toThrow(/DATA_KEY_FILE=".*short": the file must be 64 hexadecimal/);
    expect(() => loadConfig({ ...sqlite, DATA_KEY_FILE: path.join(dir, 'missing') })).toThrow(/DATA_KEY_FILE=".*missing": the file cannot be read \(ENOENT\)/);
    expect(() => loadConfig({ ...sqlite, DATA_KEY: key, DATA_KEY_FILE: path.join(dir, 'k') })).toThrow(/DATA_KEY_FILE and DATA_KEY are both set/);
    expect(() => loadConfig({ ...sqlite, NEW_DATA_KEY: 'zz' })).toThrow(/NEW_DATA_KEY=/);
  });
});

for (const dialect of dialects) {
  describe(`the data key [${dialect}]`, { timeout: 300_000 }, () => {
    const places: DataPlace[] = [];
    afterAll(async () => {
      for (const p of places) await p.drop();
    });
    const newPlace = async () => {
      const p = await dataPlace(dialect);
      places.push(p);
      return p;
    };

    it('makes a key file beside the data folder on a new install, then refuses a start without a key, with a wrong one or a malformed one', async () => {
      const place = await newPlace();
      // The storage two folders down, so the key file lands in this test's own folder.
      place.storageDir = path.join(place.dir, 'data', 'storage');
      place.env.STORAGE_DIR = place.storageDir;
      const keyFile = path.join(place.dir, 'orphan-care.key');
      const first = await withServer(place, { DATA_KEY: '' }, async (base, token) => addChildWithPhoto(base, token));
      expect(existsSync(keyFile)).toBe(true);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);

      const none = await startRefused(place, { DATA_KEY: '' });
      expect(none.code).toBe(1);
      expect(none.output).toContain('Stored files are encrypted and no data key is given. Set DATA_KEY_FILE');
      const wrong = await startRefused(place, { DATA_KEY: hex() });
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain("The key in DATA_KEY is not the one this install's files are encrypted with");
      const malformed = await startRefused(place, { DATA_KEY: 'not-a-key' });
      expect(malformed.code).toBe(1);
      expect(malformed.output).toMatch(/DATA_KEY="not-a-key": must be 64 hexadecimal characters/);
      for (const r of [none, wrong, malformed]) expect(r.output).not.toMatch(/\n\s+at /);

      // With the file made on the first start, the photo is there.
      await withServer(place, { DATA_KEY: '', DATA_KEY_FILE: keyFile }, async (base, token) => {
        expect((await sharp(await photoOf(base, token, first.id)).metadata()).format).toBe('webp');
      });
    });

    it('encrypts, at the next start, the files stored before encryption, and still serves them', async () => {
      const place = await newPlace();
      const child = await withServer(place, {}, addChildWithPhoto);
      const keyring = new DataKeyring(Buffer.from(TEST_DATA_KEY, 'hex'));
      const disk = new LocalDiskStorage(place.storageDir, keyring);
      // As an install from before encryption left them: each file as it is, and no record of a finished pass.
      const keys = await disk.keys();
      expect(keys.length).toBe(2);
      const plain = new Map<string, Buffer>();
      for (const key of keys) plain.set(key, (await readStoredFile(disk, key))!);
      for (const [key, bytes] of plain) writeFileSync(path.join(place.storageDir, key), bytes);
      const database = openDatabase(loadConfig({ ...place.env, NODE_ENV: 'test' }));
      await database.db.deleteFrom('app_keys').where('name', '=', FILES_KEY_ROW).execute();
      await database.destroy();
      expect(readFileSync(path.join(place.storageDir, keys[0]!)).subarray(0, 4).toString('latin1')).toBe('RIFF');
      // And the decrypted work copies of a transcode and a document clean that a crash cut short.
      const leftovers = [path.join(place.storageDir, '.transcode', '999999-0a1b2c3d4e5f6a7b'), path.join(place.storageDir, '.documents', '999999-0a1b2c3d-x', 'report.pdf')];
      for (const f of leftovers) {
        mkdirSync(path.dirname(f), { recursive: true });
        writeFileSync(f, '%PDF-1.4 a decrypted copy');
      }

      await withServer(place, {}, async (base, token) => {
        for (const key of keys) expect(keyIdOnDisk(path.join(place.storageDir, key))).toBe(idOf(TEST_DATA_KEY));
        expect(await photoOf(base, token, child.id)).toEqual(plain.get(keys.find((k) => !k.includes('thumb'))!));
        expect(existsSync(leftovers[1]!)).toBe(false);
        // The transcode worker's sweep runs beside the first requests: waited for.
        for (let i = 0; i < 600 && existsSync(leftovers[0]!); i++) await new Promise((r) => setTimeout(r, 100));
        expect(existsSync(leftovers[0]!)).toBe(false);
      });
    });

    it('rotates every file to a new key; killed halfway, a start refuses and a rerun finishes, losing nothing', async () => {
      const place = await newPlace();
      const child = await withServer(place, {}, addChildWithPhoto);
      const before = await withServer(place, {}, (base, token) => photoOf(base, token, child.id));
      // Enough bytes that the rotation is still running when it is killed.
      const old = new LocalDiskStorage(place.storageDir, new DataKeyring(Buffer.from(TEST_DATA_KEY, 'hex')));
      const planted = new Map<string, Buffer>();
      for (let i = 0; i < 48; i++) {
        const key = `gallery/2020/01/planted-${String(i).padStart(2, '0')}.bin`;
        const bytes = randomBytes(2 * 1024 * 1024);
        await old.put(key, bytes);
        await old.commit([key]);
        planted.set(key, bytes);
      }
      const next = hex();
      const files = filesUnder(place.storageDir);
      const rotated = () => files.filter((f) => keyIdOnDisk(f) === idOf(next)).length;
      let seenMidway = 0;
      const killed = await run('apps/server/src/ops/rotate-key.ts', place, { NEW_DATA_KEY: next }, (kill) => {
        const look = () => {
          const done = rotated();
          if (done > 0 && done < files.length) {
            seenMidway = done;
            kill();
          } else setTimeout(look, 5);
        };
        look();
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(seenMidway).toBeGreaterThan(0);
      expect(rotated()).toBeLessThan(files.length);

      for (const key of [TEST_DATA_KEY, next]) {
        const refused = await startRefused(place, { DATA_KEY: key });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain('A change of data key (npm run rotate-key) is unfinished');
      }
      const rerun = await run('apps/server/src/ops/rotate-key.ts', place, { NEW_DATA_KEY: next });
      expect(rerun.output).toMatch(/Done: \d+ of \d+ stored files re-encrypted/);
      expect(rerun.code).toBe(0);
      expect(rotated()).toBe(files.length);
      const nextDisk = new LocalDiskStorage(place.storageDir, new DataKeyring(Buffer.from(next, 'hex')));
      for (const [key, bytes] of planted) expect((await readStoredFile(nextDisk, key))?.equals(bytes), key).toBe(true);

      const oldKey = await startRefused(place, { DATA_KEY: TEST_DATA_KEY });
      expect(oldKey.output).toContain("The key in DATA_KEY is not the one this install's files are encrypted with");
      await withServer(place, { DATA_KEY: next }, async (base, token) => {
        expect(await photoOf(base, token, child.id)).toEqual(before);
      });
      // The killed run's half-written file went with the start-up sweep.
      expect(readdirSync(path.join(place.storageDir, '.tmp'))).toEqual([]);
      const again = await run('apps/server/src/ops/rotate-key.ts', place, { DATA_KEY: next, NEW_DATA_KEY: next });
      expect(again.output).toContain('The files are already under the new key');
    });
  });
}
