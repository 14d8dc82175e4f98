import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { withId } from '../columns.ts';

/**
 * The media gallery: one row per uploaded file, and the database's job queue that
 * makes a video's resolutions in the background (modules/gallery/transcode-worker.ts).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await withId(db.schema.createTable('media'), dialect)
    // A purged child takes their media rows along; a trashed child's media are hidden by joining
    // on orphans.deleted_at, so trashing and restoring touch no media row.
    .addColumn('orphan_id', 'integer', (c) => c.notNull().references('orphans.id').onDelete('cascade'))
    .addColumn('media_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tags', 'text')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size_bytes', bigint, (c) => c.notNull())
    // Storage keys (modules/storage), never URLs; each listed in FILE_REFERENCES.
    .addColumn('file_path', 'varchar(255)', (c) => c.notNull())
    .addColumn('display_path', 'varchar(255)')
    .addColumn('thumb_path', 'varchar(255)')
    .addColumn('poster_path', 'varchar(255)')
    .addColumn('video_360p_path', 'varchar(255)')
    .addColumn('video_720p_path', 'varchar(255)')
    .addColumn('video_1080p_path', 'varchar(255)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration', real)
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Lists read newest date first: a child's media, a type's, or everyone's.
  await db.schema.createIndex('media_orphan_date_idx').on('media').columns(['orphan_id', 'date', 'id']).execute();
  await db.schema.createIndex('media_type_date_idx').on('media').columns(['media_type', 'date', 'id']).execute();
  await db.schema.createIndex('media_date_idx').on('media').columns(['date', 'id']).execute();

  await withId(db.schema.createTable('jobs'), dialect)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.references('media.id').onDelete('cascade'))
    // queued → running (claimed) → done | failed; a running claim older than the lease is queued work again.
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_at', 'varchar(32)')
    .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_pending_idx')
    .on('jobs')
    .columns(['state', 'run_after', 'id'])
    .where(sql<boolean>`state in ('queued', 'running')`)
    .execute();
}
