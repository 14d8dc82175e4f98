import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { openDatabase } from './database.ts';
import { arg, databaseIdentity, preparedQuery } from './prepared-query.ts';
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

  /**
   * databaseIdentity reads Kysely's `getExecutor().adapter`, which Kysely marks internal (decision
   * 0022). Kysely is pinned to one version; on an upgrade this test says at once whether the
   * internal still means what the cache needs: one object per database, shared by its
   * transactions and connections, different for another database.
   */
  it('finds one identity per database through Kysely internals, pinned to the version they were checked on', async () => {
    const serverDir = path.resolve(import.meta.dirname, '../..');
    const pinned = (JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies.kysely;
    expect(pinned, 'kysely is pinned to an exact version').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = path.dirname(createRequire(import.meta.url).resolve('kysely'));
    const version = (JSON.parse(readFileSync(path.join(installed, '../../package.json'), 'utf8')) as { version: string }).version;
    expect(version, 'the installed kysely is the pinned one').toBe(pinned);

    const db = server().database.db;
    const identity = databaseIdentity(db);
    expect(typeof identity).toBe('object');
    await db.transaction().execute(async (trx) => expect(databaseIdentity(trx)).toBe(identity));
    await db.connection().execute(async (conn) => expect(databaseIdentity(conn)).toBe(identity));
    const other = openDatabase(server().config);
    try {
      expect(databaseIdentity(other.db)).not.toBe(identity);
    } finally {
      await other.destroy();
    }
  });
});
