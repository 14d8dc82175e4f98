import { describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Dialect } from '../config.ts';
import { loadAccess } from '../modules/auth/current-user.service.ts';
import { freshDatabase } from '../../test/upgrade-database.ts';
import { migrate } from './migrate.ts';
import type { DB } from './schema.ts';

/**
 * The upgrade that brings sites, on a database that already holds children and staff: one site,
 * named after the organisation as its settings say, holds every child and every staff member, so
 * nobody sees anything else after the upgrade than before.
 */
const BEFORE_SITES = '0031-list-indexes-hold-the-trash-check';

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

for (const dialect of dialects) {
  describe(`the sites upgrade [${dialect}]`, () => {
    it('puts every existing child and staff member in one site named after the organisation', async () => {
      const { database, drop } = await freshDatabase(dialect);
      try {
        const old = database.db as unknown as Kysely<any>;
        await migrate(old, dialect, undefined, BEFORE_SITES);
        const now = new Date().toISOString();
        await old.insertInto('settings').values({ key: 'organization_name', value: 'Kabul Children Home' }).execute();
        const users = await old
          .insertInto('users')
          .values(['Teacher One', 'Caseworker Two'].map((name, i) => ({ name, email: `u${i}@test.org`, password: 'x', email_verified_at: now, created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        const child = (first: string, deleted: string | null) => ({
          first_name: first, last_name: 'Before', dob: '2014-01-01', birthday: '01-01', gender: 'female', admission_date: '2020-01-01',
          status: 'active', search_text: `${first} before`.toLowerCase(), created_at: now, updated_at: now, deleted_at: deleted,
        });
        await old.insertInto('orphans').values([child('Listed', null), child('Another', null), child('Trashed', now)]).execute();

        await migrate(database.db, dialect);

        const db = database.db as Kysely<DB>;
        const sites = await db.selectFrom('sites').selectAll().execute();
        expect(sites).toHaveLength(1);
        expect(sites[0]).toMatchObject({ name: 'Kabul Children Home', kind: 'orphanage', active: 1 });
        const siteId = sites[0]!.id;
        const children = await db.selectFrom('orphans').select('site_id').execute();
        expect(children.map((c) => c.site_id)).toEqual([siteId, siteId, siteId]);
        for (const { id } of users) {
          const access = await loadAccess(db, id);
          expect(access.scope).toEqual({ ids: [siteId] });
          expect(access.sites).toEqual([{ id: siteId, name: 'Kabul Children Home' }]);
          expect(access.all_sites).toBe(false);
        }
        // A child can no longer be stored without a site where the database can say so.
        if (dialect === 'postgres') {
          await expect(db.insertInto('orphans').values({ ...child('Siteless', null) } as never).execute()).rejects.toThrow(/site_id/);
        }
      } finally {
        await database.destroy();
        await drop();
      }
    });
  });
}
