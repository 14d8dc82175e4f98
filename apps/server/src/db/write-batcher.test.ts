import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { openDatabase } from './database.ts';
import { WriteBatcher } from './write-batcher.ts';

describeEachDatabase('write batcher', (server, dialect) => {
  it('commits concurrent writes together, and a failing one fails alone without a trace', async () => {
    const db = server().database.db;
    const writes = new WriteBatcher(server().database);
    const key = (n: number) => `batch-test-${dialect}-${n}`;
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) =>
        writes.run(async (trx) => {
          await trx.insertInto('settings').values({ key: key(n), value: String(n) }).execute();
          if (n === 3) throw new Error('job 3 fails after writing');
          return n;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('job 3 fails after writing');
    const rows = await db.selectFrom('settings').select('key').where('key', 'like', `batch-test-${dialect}-%`).orderBy('key').execute();
    expect(rows.map((r) => r.key)).toEqual([key(1), key(2), key(4), key(5)]);
  });

  it('answers a write only once it is committed and readable', async () => {
    const db = server().database.db;
    const writes = new WriteBatcher(server().database);
    const k = `batch-visible-${dialect}`;
    await writes.run((trx) => trx.insertInto('settings').values({ key: k, value: 'v' }).execute());
    expect(await db.selectFrom('settings').select('value').where('key', '=', k).executeTakeFirst()).toEqual({ value: 'v' });
  });
});

describe('write batcher on SQLite, beside another process', () => {
  it('waits for another connection’s write lock without stopping the event loop, then commits', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-batch-'));
    const database = openDatabase({ dialect: 'sqlite', databaseUrl: '', sqlitePath: path.join(dir, 'app.db') });
    try {
      await sql`create table t (v integer)`.execute(database.db);
      const other = new SQLite(path.join(dir, 'app.db'));
      other.exec('begin immediate');
      other.exec('insert into t values (1)');
      const writes = new WriteBatcher(database);
      // Settled at once into a value, so a failure is this test's, not an unhandled rejection.
      const write = writes.run((trx) => trx.executeQuery(CompiledQuery.raw('insert into t values (2)'))).then(() => 'written', (err: Error) => err.message);
      // While the other connection holds the lock, timers still fire in this process.
      let ticks = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (++ticks === 5) {
            clearInterval(timer);
            resolve();
          }
        }, 2);
      });
      expect(ticks).toBe(5);
      other.exec('commit');
      expect(await write).toBe('written');
      expect(other.prepare('select v from t order by v').pluck().all()).toEqual([1, 2]);
      other.close();
    } finally {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
