import { existsSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataPlace, runNpm, signInChild, startChildServer, type ChildServer, type DataPlace } from '../../test/child-server.ts';
import { storedFiles } from '../../test/stored-files.ts';
import { loadConfig, type Dialect } from '../config.ts';
import { openDatabase } from '../db/database.ts';

/**
 * `npm run backup` while the server serves and children with photos keep being
 * created, then `npm run restore` into a fresh data folder (and database). Every child whose create
 * was acknowledged before the backup started must come back with both photo files, the restored
 * database must pass its integrity check, and the restored server must serve it. Restore must
 * refuse while a server answers on the configured port.
 */

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
const WRITERS = 3;


describe.each(dialects)('backup and restore under writes [%s]', (dialect) => {
  const places: DataPlace[] = [];
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await Promise.all(places.map((p) => p.drop()));
  });

  it('brings back every child acknowledged before the backup, with its photo', { timeout: 180_000 }, async () => {
    const source = await dataPlace(dialect);
    places.push(source);
    const server = await startChildServer(source);
    servers.push(server);
    const token = await signInChild(server.base);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#4a7' } }).jpeg().toBuffer();

    const acknowledged: number[] = [];
    let stopping = false;
    const create = async (i: number) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ first_name: 'Backup', last_name: `Writer${i}`, dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' })) form.append(k, v);
      form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'p.jpg');
      const res = await fetch(`${server.base}/api/orphans`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, body: form });
      const body = (await res.json()) as { data?: { id: number } };
      expect(res.status, JSON.stringify(body)).toBe(201);
      acknowledged.push(body.data!.id);
    };
    const writers = Array.from({ length: WRITERS }, async (_, i) => {
      while (!stopping) await create(i);
    });

    while (acknowledged.length < 6) await new Promise((r) => setTimeout(r, 10));
    const before = [...acknowledged];
    const backupDir = path.join(source.dir, 'backup');
    const backup = await runNpm(['backup', '--', backupDir], source.env);
    expect(backup.code, backup.output).toBe(0);
    const during = acknowledged.length - before.length;

    // While that server runs, a restore aimed at its port refuses and touches nothing.
    const target = await dataPlace(dialect);
    places.push(target);
    const targetEnv = { ...target.env, PORT: String(server.port), HOST: '127.0.0.1' };
    const refused = await runNpm(['restore', backupDir], targetEnv);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/A server answers on 127\.0\.0\.1:\d+\. Stop it first/);
    expect(existsSync(target.storageDir)).toBe(false);

    stopping = true;
    await Promise.all(writers);
    await server.stop();
    // Work in progress is not copied; the marks of uploads in flight are (the restored start sweeps them).
    expect(storedFiles(path.join(backupDir, 'storage')).filter((f) => f.startsWith('.') && !f.startsWith('.uncommitted/'))).toEqual([]);

    const restored = await runNpm(['restore', backupDir], targetEnv);
    expect(restored.code, restored.output).toBe(0);

    const config = loadConfig({ ...target.env, NODE_ENV: 'test' });
    if (dialect === 'sqlite') {
      const db = new Sqlite(config.sqlitePath, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      db.close();
    }
    const database = openDatabase(config);
    try {
      const rows = await database.db.selectFrom('orphans').select(['id', 'photo_path', 'photo_thumb_path']).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const files = new Set(storedFiles(target.storageDir));
      const missing = before.filter((id) => !byId.has(id));
      expect(missing, 'children acknowledged before the backup, missing after the restore').toEqual([]);
      for (const id of before) {
        const row = byId.get(id)!;
        expect(files.has(row.photo_path!), `photo of child ${id}`).toBe(true);
        expect(files.has(row.photo_thumb_path!), `thumbnail of child ${id}`).toBe(true);
      }
      console.log(`[${dialect}] ${before.length} children acknowledged before the backup, ${during} during it; ${rows.length} restored, ${files.size} files`);
    } finally {
      await database.destroy();
    }

    // The restored data serves: a child and its photo through the API.
    const again = await startChildServer(target);
    servers.push(again);
    const token2 = await signInChild(again.base);
    const child = await fetch(`${again.base}/api/orphans/${before[0]}`, { headers: { Authorization: `Bearer ${token2}`, Accept: 'application/json' } });
    expect(child.status).toBe(200);
    const { data } = (await child.json()) as { data: { profile_photo_url: string } };
    expect((await fetch(`${again.base}${data.profile_photo_url}`)).status).toBe(200);
    await again.stop();
  });
});
