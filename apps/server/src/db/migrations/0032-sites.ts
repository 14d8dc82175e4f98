import { sql, type Kysely } from 'kysely';
import { DEFAULT_SETTINGS } from '@app/shared/schemas/settings.schema';
import type { Dialect } from '../../config.ts';
import { nowIso } from '../../lib/time.ts';
import { withId } from '../columns.ts';

/**
 * Sites: the homes and the college. Every child belongs to one (`orphans.site_id`); a staff
 * member holds some (`user_sites`) or all (`users.all_sites`), and sees only those sites'
 * children. One site is made here, named after the organisation, and every existing child and
 * staff member is put in it, so an upgrade changes nothing anyone sees; a fresh install runs this
 * too and starts with that one site.
 *
 * A site with children or holders cannot be deleted: the foreign keys refuse (no cascade), and
 * the service says why first. A user's holdings go with the user (cascade).
 * SQLite cannot add a NOT NULL column with a reference to existing rows, so there the column
 * stays nullable and the writes always set it; PostgreSQL gets the constraint.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('sites'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('orphanage', 'school', 'other')`))
    .addColumn('province', 'varchar(100)')
    .addColumn('address', 'varchar(500)')
    .addColumn('phone', 'varchar(50)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_sites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addPrimaryKeyConstraint('user_sites_pkey', ['user_id', 'site_id'])
    .execute();
  // "Is this site held by anyone?" (a delete's check) without scanning every holding.
  await db.schema.createIndex('user_sites_site_idx').on('user_sites').column('site_id').execute();

  await db.schema.alterTable('users').addColumn('all_sites', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orphans').addColumn('site_id', 'integer', (c) => c.references('sites.id')).execute();

  const stored = await db.selectFrom('settings').select('value').where('key', '=', 'organization_name').executeTakeFirst();
  const name = stored?.value?.trim() || DEFAULT_SETTINGS.organization_name;
  const now = nowIso();
  const { id } = await db
    .insertInto('sites')
    .values({ name, kind: 'orphanage', province: null, address: null, phone: null, active: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('orphans').set({ site_id: id }).execute();
  await sql`insert into user_sites (user_id, site_id) select id, ${id} from users`.execute(db);
  if (dialect === 'postgres') await sql`alter table orphans alter column site_id set not null`.execute(db);
  await db.schema.createIndex('orphans_site_idx').on('orphans').column('site_id').execute();
}
