import { describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Dialect } from '../config.ts';
import { freshDatabase } from '../../test/upgrade-database.ts';
import { migrate } from './migrate.ts';

/**
 * The upgrade that brings the lockdown permission, on a database whose roles were made before it:
 * the Super Admin role gets it, and no other role does (starting lockdown ends everyone else's sessions).
 */
const BEFORE_LOCKDOWN = '0039-imports';

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

for (const dialect of dialects) {
  describe(`the lockdown upgrade [${dialect}]`, () => {
    it('gives the lockdown permission to the Super Admin role alone', async () => {
      const { database, drop } = await freshDatabase(dialect);
      try {
        const db = database.db as unknown as Kysely<any>;
        await migrate(db, dialect, undefined, BEFORE_LOCKDOWN);
        const now = new Date().toISOString();
        const role = async (name: string) => (await db.insertInto('roles').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id as number;
        const superAdmin = await role('Super Admin');
        await role('Manager');

        await migrate(db, dialect);

        const holders = await db
          .selectFrom('role_permissions')
          .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
          .select('role_permissions.role_id')
          .where('permissions.name', '=', 'lockdown')
          .execute();
        expect(holders.map((h: { role_id: number }) => h.role_id)).toEqual([superAdmin]);
      } finally {
        await database.destroy();
        await drop();
      }
    });
  });
}
