import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';
import type { DB } from './schema.ts';
import { sqliteConnection, WalSync } from './sqlite-connection.ts';
import { WriteBatcher } from './write-batcher.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WalSync', () => {
  it('answers each caller with an fsync that began after it asked, and shares one fsync among waiting callers', async () => {
    const flushes: Array<ReturnType<typeof deferred>> = [];
    const sync = new WalSync(() => {
      const d = deferred();
      flushes.push(d);
      return d.promise;
    });
    let firstDone = false;
    const first = sync.request().then(() => (firstDone = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(flushes).toHaveLength(1);
    // Asked while the first fsync runs: they must wait for the next one, and share it.
    const second = sync.request();
    const third = sync.request();
    expect(second).toBe(third);
    flushes[0]!.resolve();
    await first;
    expect(firstDone).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(flushes).toHaveLength(2);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await new Promise((r) => setImmediate(r));
    expect(secondDone).toBe(false);
    flushes[1]!.resolve();
    await second;
    expect(flushes).toHaveLength(2);
  });
});

describe('SQLite connection', () => {
  it('runs with synchronous=NORMAL and answers committed writes (autocommit and transactions) after the WAL is synced', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-sqlite-'));
    const file = path.join(dir, 'app.db');
    const sqlite = new SQLite(file);
    const connection = sqliteConnection(sqlite, file);
    const db = new Kysely<{ t: { v: number } }>({ dialect: connection.dialect });
    try {
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      await sql`create table t (v integer)`.execute(db);
      await db.insertInto('t').values({ v: 1 }).execute();
      await db.transaction().execute((trx) => trx.insertInto('t').values({ v: 2 }).execute());
      // The WAL holds the commits (not yet checkpointed), and every write was answered.
      expect(sqlite.prepare('select count(*) from t').pluck().get()).toBe(2);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers rows as objects keyed by column name, also after the schema changes', async () => {
    const sqlite = new SQLite(':memory:');
    const db = new Kysely<{ t: { a: number; b: string | null; c?: number } }>({ dialect: sqliteConnection(sqlite, null).dialect });
    try {
      await sql`create table t (a integer, b text)`.execute(db);
      await db.insertInto('t').values([{ a: 1, b: 'x' }, { a: 2, b: null }]).execute();
      const first = () => db.selectFrom('t').selectAll().where('a', '=', 1).execute();
      expect(await first()).toEqual([{ a: 1, b: 'x' }]);
      expect(await db.selectFrom('t').selectAll().orderBy('a').execute()).toEqual([{ a: 1, b: 'x' }, { a: 2, b: null }]);
      // Same name twice: the later column wins, as in better-sqlite3.
      expect((await sql<{ a: number }>`select a, b as a from t where a = 1`.execute(db)).rows).toEqual([{ a: 'x' }]);
      expect(await db.insertInto('t').values({ a: 3, b: 'y' }).returningAll().execute()).toEqual([{ a: 3, b: 'y' }]);
      const streamed = [];
      for await (const row of db.selectFrom('t').select('b').where('a', '<', 3).orderBy('a').stream()) streamed.push(row);
      expect(streamed).toEqual([{ b: 'x' }, { b: null }]);
      await sql`alter table t add column c integer default 7`.execute(db);
      expect(await first()).toEqual([{ a: 1, b: 'x', c: 7 }]);
    } finally {
      await db.destroy();
    }
  });

  it('takes the write lock without waiting, or says it cannot', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-sqlite-'));
    const file = path.join(dir, 'app.db');
    const sqlite = new SQLite(file);
    const connection = sqliteConnection(sqlite, file);
    const other = new SQLite(file);
    try {
      other.exec('begin immediate');
      const started = Date.now();
      expect(connection.tryBeginImmediate()).toBe(false);
      expect(Date.now() - started).toBeLessThan(1000); // not the 5 s busy timeout
      other.exec('commit');
      expect(connection.tryBeginImmediate()).toBe(true);
      sqlite.exec('commit');
      // The busy timeout is back for everything else.
      expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      other.close();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('background checkpointer', () => {
  it('copies committed pages back into the database file while the writer keeps its connection', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-ckpt-'));
    const file = path.join(dir, 'app.db');
    const sqlite = new SQLite(file);
    const connection = sqliteConnection(sqlite, file);
    const db = new Kysely<{ t: { v: string } }>({ dialect: connection.dialect });
    const errors: string[] = [];
    const checkpointer = startCheckpointer(file, (m) => errors.push(m), 20);
    try {
      await sql`create table t (v text)`.execute(db);
      for (let i = 0; i < 50; i++) await db.insertInto('t').values({ v: 'x'.repeat(2000) }).execute();
      // SQLite reports how many WAL frames are copied back; a passive check of our own copies
      // nothing new once the background one has done it all.
      let backfilled = false;
      for (let i = 0; i < 100 && !backfilled; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const [status] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
        backfilled = status!.log > 0 && status!.log === status!.checkpointed;
      }
      expect(backfilled).toBe(true);
      expect(statSync(file).size).toBeGreaterThan(50 * 2000);
      expect(errors).toEqual([]);
    } finally {
      await checkpointer.stop();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts the WAL over while writes keep coming, so it does not grow without bound', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-ckpt-'));
    const file = path.join(dir, 'app.db');
    const sqlite = new SQLite(file);
    const connection = sqliteConnection(sqlite, file);
    const db = new Kysely<DB>({ dialect: connection.dialect });
    sqlite.exec('create table t (v text)');
    const batcher = new WriteBatcher({ db, dialect: 'sqlite', tryBeginImmediate: connection.tryBeginImmediate });
    const errors: string[] = [];
    const checkpointer = startCheckpointer(file, (m) => errors.push(m), 2, 50);
    // The WAL header's salt changes each time the WAL starts over (sqlite.org/fileformat2.html).
    const salt = () => readFileSync(`${file}-wal`).subarray(16, 20).toString('hex');
    try {
      // Ten callers write back to back through the server's group commit, as under load, until
      // the WAL has started over three times. Without the checkpointer it never does (below the
      // in-line auto-checkpoint's threshold). Waiting for that, not counting writes, keeps the
      // test independent of how fast this machine is.
      const salts = new Set<string>();
      const deadline = Date.now() + 20_000;
      let written = 0;
      const caller = async () => {
        while (salts.size < 4 && Date.now() < deadline) {
          await batcher.run((trx) => sql`insert into t (v) values (${'x'.repeat(3000)})`.execute(trx));
          written++;
          salts.add(salt());
        }
      };
      await Promise.all(Array.from({ length: 10 }, caller));
      expect(salts.size, `the WAL started over ${salts.size - 1} times in ${written} writes`).toBe(4);
      expect(errors).toEqual([]);
    } finally {
      await checkpointer.stop();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
