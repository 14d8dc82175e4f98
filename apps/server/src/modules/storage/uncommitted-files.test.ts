import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin } from '../../../test/harness.ts';
import { FILE_REFERENCES, sweepUncommittedFiles } from './uncommitted-files.ts';

/** A process id nobody runs: a crashed server's. */
const DEAD = 2 ** 22 + 17;

describeEachDatabase('uncommitted files', (server) => {
  it('removes files no record points to, keeps those a record points to, clears temporary files', async () => {
    const { app, config } = server();
    const files = app.fileStore.files;
    const token = await loginAdmin(server());
    const child = await call(server(), 'POST', '/api/orphans', {
      token,
      body: { first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' },
    });
    expect(child.status).toBe(201);
    // What a crash leaves: files of an upload that never committed, and a committed one whose
    // mark was not yet dropped (the crash fell between the database commit and commit()).
    await files.put('orphans/2026/01/lost.webp', Buffer.from('lost'));
    await files.put('orphans/2026/01/lost-thumb.webp', Buffer.from('lost'));
    await files.put('orphans/2026/01/kept.webp', Buffer.from('kept'));
    await server().database.db.updateTable('orphans').set({ photo_path: 'orphans/2026/01/kept.webp' }).where('id', '=', child.body.data.id).execute();
    const marks = path.join(config.storageDir, '.uncommitted/orphans/2026/01');
    // Hand the marks to a dead process, as if another server had made them and crashed.
    for (const name of readdirSync(marks)) writeFileSync(path.join(marks, name.replace(/@\d+$/, `@${DEAD}`)), '');
    mkdirSync(path.join(config.storageDir, '.tmp'), { recursive: true });
    writeFileSync(path.join(config.storageDir, '.tmp', `${DEAD}-0a1b2c`), 'half a file');
    // An upload of this live process, in flight: not another process's sweep to take.
    await files.put('orphans/2026/01/in-flight.webp', Buffer.from('mine'));

    const result = await sweepUncommittedFiles(app.db, files, DEAD - 1);
    expect(result).toEqual({ removed: 2, kept: 1, temporary: 1 });
    expect(await files.exists('orphans/2026/01/lost.webp')).toBe(false);
    expect(await files.exists('orphans/2026/01/lost-thumb.webp')).toBe(false);
    expect(await files.exists('orphans/2026/01/kept.webp')).toBe(true);
    expect(await files.exists('orphans/2026/01/in-flight.webp')).toBe(true);
    expect(readdirSync(path.join(config.storageDir, '.tmp'))).toEqual([]);
    expect(readdirSync(marks).map((n) => n.replace(/@\d+$/, ''))).toEqual(['in-flight.webp']);

    // At its own start a process has nothing in flight: its own earlier marks count as gone.
    expect(await sweepUncommittedFiles(app.db, files)).toEqual({ removed: 1, kept: 0, temporary: 0 });
    expect(readdirSync(marks)).toEqual([]);
  });

  it('settles files released before a write that drops their record: gone if it committed, kept if not', async () => {
    const { app } = server();
    const files = app.fileStore.files;
    const token = await loginAdmin(server());
    const ids: number[] = [];
    for (const key of ['orphans/2026/02/replaced.webp', 'orphans/2026/02/still-used.webp']) {
      const child = await call(server(), 'POST', '/api/orphans', {
        token,
        body: { first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' },
      });
      await files.put(key, Buffer.from('photo'));
      await files.commit([key]);
      await server().database.db.updateTable('orphans').set({ photo_path: key }).where('id', '=', child.body.data.id).execute();
      ids.push(child.body.data.id);
    }
    // An edit replaces the first photo and the process dies before removing the old file; the
    // second edit dies before its write commits.
    await files.release(['orphans/2026/02/replaced.webp', 'orphans/2026/02/still-used.webp']);
    await server().database.db.updateTable('orphans').set({ photo_path: null }).where('id', '=', ids[0]!).execute();

    expect(await sweepUncommittedFiles(app.db, files)).toEqual({ removed: 1, kept: 1, temporary: 0 });
    expect(await files.exists('orphans/2026/02/replaced.webp')).toBe(false);
    expect(await files.exists('orphans/2026/02/still-used.webp')).toBe(true);
    expect(await files.leftovers(() => true)).toEqual({ uncommitted: [], temporary: [] });
  });

  it('knows every column that holds a storage key (the sweep would remove files it cannot see)', async () => {
    const tables = await server().app.db.introspection.getTables();
    const pathColumns = tables.flatMap((t) => t.columns.filter((c) => /_path$/.test(c.name)).map((c) => `${t.name}.${c.name}`));
    const listed = FILE_REFERENCES.flatMap((r) => r.columns.map((c) => `${r.table}.${c}`));
    expect(pathColumns.sort()).toEqual([...listed].sort());
  });
});
