import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataPlace, freePort, runNpm, signInChild, startChildServer, type ChildServer, type DataPlace } from '../../test/child-server.ts';
import { TEST_DATA_KEY } from '../../test/data-key.ts';
import { storedFiles } from '../../test/stored-files.ts';
import type { Dialect } from '../config.ts';

/**
 * The evacuation copy: `npm run backup -- --encrypt` writes one archive that holds no readable
 * name, number, image or database, and `npm run restore <file>` brings every child and file back
 * on an empty machine, the data key with them. A wrong passphrase, a flipped byte or a cut-short
 * archive is refused before anything changes.
 */

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
const PASSPHRASE = 'carry-it-over-the-pass-2026';
const NAME = 'Zarghuna';
const SURNAME = 'Evacuee-Qaderi';
const IDENTITY = 'TZK-4471-908312';
const NOTES = 'Asthma: she uses an inhaler at night';

/** The names in a folder, sorted (none when it does not exist). */
const readdirNames = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

const contains = (haystack: Buffer, needle: string | Buffer) => haystack.includes(typeof needle === 'string' ? Buffer.from(needle, 'utf8') : needle);

/** What the restore target holds: its SQLite file exists, or its PostgreSQL database has tables. */
async function targetHasData(place: DataPlace, dialect: Dialect): Promise<boolean> {
  if (existsSync(place.storageDir)) return true;
  if (dialect === 'sqlite') return existsSync(place.databaseUrl);
  const client = new pg.Client({ connectionString: place.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
    return (rows[0] as { n: number }).n > 0;
  } finally {
    await client.end();
  }
}

describe.each(dialects)('encrypted evacuation copy [%s]', (dialect) => {
  const places: DataPlace[] = [];
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await Promise.all(places.map((p) => p.drop()));
  });

  it('round-trips children and files, holds nothing readable, and refuses a wrong passphrase or a damaged archive', { timeout: 600_000 }, async () => {
    const dataKey = TEST_DATA_KEY;
    const source = await dataPlace(dialect);
    places.push(source);
    const server = await startChildServer(source);
    servers.push(server);
    const token = await signInChild(server.base);
    const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };

    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a47' } }).jpeg().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ first_name: NAME, last_name: SURNAME, dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active', identity_card_number: IDENTITY, notes: NOTES })) form.append(k, v);
    form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'p.jpg');
    const created = await fetch(`${server.base}/api/orphans`, { method: 'POST', headers: auth, body: form });
    const createdBody = (await created.json()) as { data: { id: number } };
    expect(created.status, JSON.stringify(createdBody)).toBe(201);
    const child = createdBody.data;
    // A JPEG among the stored files, as a document or an original would be: its signature must not show.
    // Its signature and the header after it, which random bytes would not match by chance.
    const jpegStart = photo.subarray(0, 24);
    expect(jpegStart.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    mkdirSync(path.join(source.storageDir, 'evacuation-test'), { recursive: true });
    writeFileSync(path.join(source.storageDir, 'evacuation-test', 'known.jpg'), photo);
    await server.stop();

    const archive = path.join(source.dir, 'out', 'evacuation.encrypted');
    const made = await runNpm(['backup', '--', '--encrypt', archive], { ...source.env, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('with the data key');
    expect(readdirNames(path.dirname(archive))).toEqual(['evacuation.encrypted']);
    expect(readdirNames(path.dirname(source.storageDir)).filter((n) => n.startsWith('.backup-snapshot-'))).toEqual([]);

    const bytes = readFileSync(archive);
    for (const known of [NAME, SURNAME, IDENTITY, NOTES, dataKey, 'SQLite format 3', 'PGDMP', 'WEBPVP8', jpegStart, 'manifest.json']) {
      expect(contains(bytes, known), `the archive shows ${String(known)}`).toBe(false);
    }

    const target = await dataPlace(dialect);
    places.push(target);
    const targetEnv = { ...target.env, PORT: String(await freePort()), HOST: '127.0.0.1' };
    const keyFile = path.join(target.dir, 'keys', 'data.key');
    const restoreWith = (file: string, passphrase: string) => runNpm(['restore', file, '--', '--key-file', keyFile], { ...targetEnv, BACKUP_PASSPHRASE: passphrase });

    const wrong = await restoreWith(archive, 'not-the-passphrase-at-all');
    expect(wrong.code, wrong.output).toBe(1);
    expect(wrong.output).toContain('The passphrase is wrong');

    const flipped = path.join(source.dir, 'flipped.encrypted');
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    writeFileSync(flipped, changed);
    const tampered = await restoreWith(flipped, PASSPHRASE);
    expect(tampered.code, tampered.output).toBe(1);
    expect(tampered.output).toMatch(/damaged or altered/);

    const cut = path.join(source.dir, 'cut.encrypted');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
    const truncated = await restoreWith(cut, PASSPHRASE);
    expect(truncated.code, truncated.output).toBe(1);
    expect(truncated.output).toMatch(/cut short|damaged or altered/);

    // None of the refusals changed anything: no database, no files, no key, no unpacked leftovers.
    expect(await targetHasData(target, dialect)).toBe(false);
    expect(existsSync(keyFile)).toBe(false);
    expect(readdirNames(target.dir).filter((n) => n.startsWith('.evacuation-restore-'))).toEqual([]);

    const restored = await restoreWith(archive, PASSPHRASE);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`The data key is in ${keyFile}`);
    expect(restored.output).toContain('DATA_KEY_FILE');
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(dataKey);
    expect(storedFiles(target.storageDir)).toContain('evacuation-test/known.jpg');
    expect(readFileSync(path.join(target.storageDir, 'evacuation-test', 'known.jpg')).equals(photo)).toBe(true);

    // The restored machine serves the child, her details and her photo, with the key from the archive.
    delete target.env.DATA_KEY;
    target.env.DATA_KEY_FILE = keyFile;
    const again = await startChildServer(target);
    servers.push(again);
    const token2 = await signInChild(again.base);
    const res = await fetch(`${again.base}/api/orphans/${child.id}`, { headers: { Authorization: `Bearer ${token2}`, Accept: 'application/json' } });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { first_name: string; last_name: string; identity_card_number: string; notes: string; profile_photo_url: string } };
    expect([data.first_name, data.last_name, data.identity_card_number, data.notes]).toEqual([NAME, SURNAME, IDENTITY, NOTES]);
    const served = await fetch(`${again.base}${data.profile_photo_url}`);
    expect(served.status).toBe(200);
    expect(contains(Buffer.from(await served.arrayBuffer()), 'WEBPVP8')).toBe(true);
    await again.stop();
  });
});
