import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { arg, preparedQuery } from './prepared-query.ts';
import type { DB } from './schema.ts';

describeEachDatabase('write counter', (server) => {
  it('counts what may have written through this connection, and no read', async () => {
    const { db, writeCount } = server().database;
    const roleByName = preparedQuery<DB, [string], { id: number }>((d) => d.selectFrom('roles').select('id').where('name', '=', arg<string>(0)));
    const changed = async (work: () => Promise<unknown>) => {
      const before = writeCount();
      await work();
      return writeCount() - before;
    };
    // Reads: a built select, a prepared one (twice), a raw select.
    expect(await changed(() => db.selectFrom('roles').selectAll().execute())).toBe(0);
    expect(await changed(async () => (await roleByName(db, 'Teacher'), await roleByName(db, 'Manager')))).toBe(0);
    expect(await changed(() => sql`select count(*) from roles`.execute(db))).toBe(0);
    // Writes of every kind, also inside a transaction and through raw statements.
    expect(await changed(() => db.insertInto('settings').values({ key: 'wc_test', value: '1' }).execute())).toBe(1);
    expect(await changed(() => db.updateTable('settings').set({ value: '2' }).where('key', '=', 'wc_test').execute())).toBe(1);
    expect(await changed(() => db.transaction().execute((trx) => trx.deleteFrom('settings').where('key', '=', 'wc_test').execute()))).toBeGreaterThanOrEqual(1);
    expect(await changed(() => sql`insert into settings (key, value) values ('wc_raw', '1')`.execute(db))).toBe(1);
    expect(await changed(() => db.executeQuery(CompiledQuery.raw(`delete from settings where key = 'wc_raw'`)))).toBe(1);
  });
});
