import { describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import { SENSITIVITY_CLASSES } from '@app/shared/sensitivity';
import type { Dialect } from '../config.ts';
import { freshDatabase } from '../../test/upgrade-database.ts';
import { migrate } from './migrate.ts';

/**
 * The upgrade that brings need-to-know permissions, on a database whose roles were made before
 * it: a custom role keeps seeing and writing every field it saw and wrote, and the seeded roles
 * take their seeded share.
 */
const BEFORE_NEED_TO_KNOW = '0036-transfers';

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
const all = (action: string) => SENSITIVITY_CLASSES.map((c) => `${action}-${c}`);

for (const dialect of dialects) {
  describe(`the need-to-know upgrade [${dialect}]`, () => {
    it('gives every existing role the classes it could see and write before', async () => {
      const { database, drop } = await freshDatabase(dialect);
      try {
        const db = database.db as unknown as Kysely<any>;
        await migrate(db, dialect, undefined, BEFORE_NEED_TO_KNOW);
        const now = new Date().toISOString();
        const permission = async (name: string) =>
          (await db.insertInto('permissions').values({ name }).onConflict((oc) => oc.column('name').doNothing()).returning('id').executeTakeFirst())?.id ??
          (await db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
        const role = async (name: string, permissions: string[]) => {
          const { id } = await db.insertInto('roles').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
          for (const p of permissions) await db.insertInto('role_permissions').values({ role_id: id, permission_id: await permission(p) }).execute();
          return id;
        };
        const reader = await role('School nurse', ['view-orphans']);
        const editor = await role('Records clerk', ['view-orphans', 'edit-orphans']);
        const outsider = await role('Web editor', ['view-pages', 'edit-pages']);
        const teacher = await role('Teacher', ['view-orphans', 'view-results']);
        const caseworker = await role('Caseworker', ['view-orphans', 'edit-orphans']);
        const manager = await role('Manager', ['view-orphans', 'edit-orphans', 'administer']);

        await migrate(db, dialect);

        const held = async (roleId: number) =>
          (
            await db
              .selectFrom('role_permissions')
              .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
              .select('permissions.name')
              .where('role_permissions.role_id', '=', roleId)
              .execute()
          )
            .map((r: { name: string }) => r.name)
            .filter((n: string) => /^(view|edit)-(identity|medical|contact|family|donor|finance|notes)$/.test(n))
            .sort();
        expect(await held(reader)).toEqual(all('view').sort());
        expect(await held(editor)).toEqual([...all('view'), ...all('edit')].sort());
        expect(await held(outsider)).toEqual([]);
        expect(await held(teacher)).toEqual([]);
        expect(await held(manager)).toEqual([...all('view'), ...all('edit')].sort());
        const share = ['identity', 'medical', 'contact', 'family', 'notes'];
        expect(await held(caseworker)).toEqual(share.flatMap((c) => [`view-${c}`, `edit-${c}`]).sort());
      } finally {
        await database.destroy();
        await drop();
      }
    });
  });
}
