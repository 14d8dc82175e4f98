import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { withId } from '../columns.ts';

/**
 * The read log: one row per read of a child's record — the details opened, a file downloaded or
 * streamed, a progress report made, an export (which names no one child) — with who, from which
 * address, and when. Only appended to, and deleted by the retention job; nothing edits a row.
 * No foreign keys: a deleted user or a purged child keeps its lines (who looked stays known).
 * Read newest first, for one child, one user, one kind, or all; each index below is that equality
 * and the order, as the activity log's (0018).
 */
const INDEXES: Record<string, string[]> = {
  read_log_time_idx: ['created_at', 'id'],
  read_log_orphan_time_idx: ['orphan_id', 'created_at', 'id'],
  read_log_user_time_idx: ['user_id', 'created_at', 'id'],
  read_log_kind_time_idx: ['kind', 'created_at', 'id'],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('read_log'), dialect)
    .addColumn('user_id', 'integer')
    .addColumn('orphan_id', 'integer')
    .addColumn('media_id', 'integer')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // What was read beyond the child: a file's version, an export's kind and filters (JSON).
    .addColumn('detail', 'text')
    .addColumn('address', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  for (const [name, columns] of Object.entries(INDEXES)) await db.schema.createIndex(name).on('read_log').columns(columns).execute();

  // The seeded roles that see it: Super Admin and Manager (permissions.ts), on upgrade too.
  await db.insertInto('permissions').values({ name: 'view-access-log' }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const { id } = await db.selectFrom('permissions').select('id').where('name', '=', 'view-access-log').executeTakeFirstOrThrow();
  for (const role of await db.selectFrom('roles').select('id').where('name', 'in', ['Super Admin', 'Manager']).execute()) {
    await db.insertInto('role_permissions').values({ role_id: role.id, permission_id: id }).onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing()).execute();
  }
}
