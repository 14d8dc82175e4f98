import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { withId } from '../columns.ts';

/**
 * Imports from a spreadsheet: the file's rows are staged here, each with its errors, until the
 * commit writes them into the records in one transaction; nothing reaches the records before.
 * A committed row keeps the record it made or changed (and, for a change, the record's columns
 * before it), so the import can be undone — and refused when a record changed since.
 * History is read newest first; rows are read by import in sheet order, or only those with errors.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('imports'), dialect)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    // 'preview' (staged), 'committed' or 'undone'.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // The sheet's headings, and the field each column is mapped to (JSON arrays of one length).
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('error_count', 'integer', (c) => c.notNull())
    .addColumn('duplicate_count', 'integer', (c) => c.notNull())
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('committed_at', 'varchar(32)')
    .addColumn('undone_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('imports_time_idx').on('imports').columns(['created_at', 'id']).execute();

  await withId(db.schema.createTable('import_rows'), dialect)
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    // The row's number in the sheet (the heading is row 1), as the user sees it in the spreadsheet.
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // The row's cells as text (JSON array), in the columns' order.
    .addColumn('cells', 'text', (c) => c.notNull())
    // [{ field, message }] in English; localised when read.
    .addColumn('errors', 'text')
    .addColumn('has_errors', 'integer', (c) => c.notNull())
    // The same record earlier in the file (its row number) or already kept (its id).
    .addColumn('duplicate_row', 'integer')
    .addColumn('duplicate_id', 'integer')
    // After the commit: 'created', 'updated' or 'skipped', the record, its columns before an
    // update (JSON), and its updated_at as the commit left it (what the undo compares).
    .addColumn('action', 'varchar(16)')
    .addColumn('record_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('version', 'varchar(32)')
    .execute();
  await db.schema.createIndex('import_rows_order_idx').on('import_rows').columns(['import_id', 'row_number']).execute();
  await db.schema.createIndex('import_rows_errors_idx').on('import_rows').columns(['import_id', 'has_errors', 'row_number']).execute();

  // The seeded roles that import: Super Admin and Manager (permissions.ts), on upgrade too.
  await db.insertInto('permissions').values({ name: 'import-records' }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const { id } = await db.selectFrom('permissions').select('id').where('name', '=', 'import-records').executeTakeFirstOrThrow();
  for (const role of await db.selectFrom('roles').select('id').where('name', 'in', ['Super Admin', 'Manager']).execute()) {
    await db.insertInto('role_permissions').values({ role_id: role.id, permission_id: id }).onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing()).execute();
  }
}
