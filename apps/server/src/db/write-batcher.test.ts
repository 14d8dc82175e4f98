import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { WriteBatcher } from './write-batcher.ts';

describeEachDatabase('write batcher', (server, dialect) => {
  it('commits concurrent writes together, and a failing one fails alone without a trace', async () => {
    const db = server().database.db;
    const writes = new WriteBatcher(db, dialect);
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
    const writes = new WriteBatcher(db, dialect);
    const k = `batch-visible-${dialect}`;
    await writes.run((trx) => trx.insertInto('settings').values({ key: k, value: 'v' }).execute());
    expect(await db.selectFrom('settings').select('value').where('key', '=', k).executeTakeFirst()).toEqual({ value: 'v' });
  });
});
