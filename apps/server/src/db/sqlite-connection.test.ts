import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';
import { sqliteConnection, WalSync } from './sqlite-connection.ts';

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
});
