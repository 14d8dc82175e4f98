import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { arg, preparedQuery } from './prepared-query.ts';
import type { DB } from './schema.ts';

describeEachDatabase('prepared queries', (server) => {
  it('compiles once and answers each call with its own values, keeping constants', async () => {
    const byName = preparedQuery<DB, [string], { name: string }>((db) =>
      db.selectFrom('roles').select('name').where('name', '=', arg<string>(0)).where('id', '>', 0),
    );
    const db = server().database.db;
    expect(await byName(db, 'Teacher')).toEqual([{ name: 'Teacher' }]);
    expect(await byName(db, 'Manager')).toEqual([{ name: 'Manager' }]);
    expect(await byName(db, 'No such role')).toEqual([]);
  });
});
