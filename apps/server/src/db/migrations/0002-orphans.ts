import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { withId } from '../columns.ts';

/**
 * Orphan records (spec section 3). Portable column choices as in db/schema.ts; the search index
 * is the one piece that differs: FTS5 on SQLite, a tsvector GIN index on PostgreSQL, both over
 * `search_text` (names and id numbers, folded by @app/shared/search-folding) and both holding
 * only children who are not in the trash.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  await withId(db.schema.createTable('orphans'), dialect)
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('father_name', 'varchar(100)')
    .addColumn('grandfather_name', 'varchar(100)')
    .addColumn('school_id_number', 'varchar(50)')
    .addColumn('identity_card_number', 'varchar(50)')
    .addColumn('dob', 'varchar(10)', (c) => c.notNull())
    // MM-DD of dob, for the birthdays card (an index range instead of date arithmetic per row).
    .addColumn('birthday', 'varchar(5)', (c) => c.notNull())
    .addColumn('gender', 'varchar(10)', (c) => c.notNull())
    .addColumn('blood_group', 'varchar(10)')
    .addColumn('class_grade', 'varchar(2)')
    .addColumn('phone_number', 'varchar(50)')
    .addColumn('family_contact_number', 'varchar(50)')
    .addColumn('contact_info', 'text')
    .addColumn('address', 'text')
    .addColumn('guardian_name', 'varchar(200)')
    .addColumn('guardian_contact', 'varchar(100)')
    .addColumn('guardian_relationship', 'varchar(100)')
    .addColumn('responsible_person', 'varchar(200)')
    .addColumn('admission_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('medical_condition', 'varchar(32)')
    .addColumn('total_income_cents', money)
    .addColumn('total_expenses_cents', money)
    .addColumn('income_source', 'varchar(255)')
    .addColumn('donor_name', 'varchar(100)')
    .addColumn('donor_last_name', 'varchar(100)')
    .addColumn('donor_email', 'varchar(255)')
    .addColumn('donor_address', 'text')
    .addColumn('notes', 'text')
    .addColumn('profile_hobbies', 'text')
    .addColumn('profile_talents', 'text')
    .addColumn('profile_special_needs', 'text')
    // Storage keys (modules/storage), never URLs: URLs are signed per answer.
    .addColumn('photo_path', 'varchar(255)')
    .addColumn('photo_thumb_path', 'varchar(255)')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    // Set while the child is in the trash; the child's results, attendance and media follow it
    // by joining on this column, so trashing and restoring touch one row.
    .addColumn('deleted_at', 'varchar(32)')
    .execute();

  // Every list reads only children outside the trash: partial indexes hold just those rows and
  // are ordered as the list sorts, so a page is an index range and a filtered total an index count.
  const active = sql<boolean>`deleted_at is null`;
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('orphans').columns(columns).where(active).execute();
  // deleted_at is repeated as the last column: SQLite then counts and pages from the index alone
  // (it does not treat a partial index's own condition as covered).
  await index('orphans_name_idx', ['last_name', 'first_name', 'id', 'father_name', 'deleted_at']);
  await index('orphans_first_name_idx', ['first_name', 'last_name', 'id']);
  await index('orphans_gender_grade_idx', ['gender', 'class_grade', 'last_name', 'first_name', 'id', 'deleted_at']);
  await index('orphans_grade_idx', ['class_grade', 'last_name', 'first_name', 'id', 'deleted_at']);
  await index('orphans_admission_idx', ['admission_date', 'id']);
  await index('orphans_dob_idx', ['dob', 'id']);
  await index('orphans_birthday_idx', ['birthday']);
  await db.schema.createIndex('orphans_trash_idx').on('orphans').column('deleted_at').where(sql<boolean>`deleted_at is not null`).execute();

  // Row counts kept in the same transaction as the change ('orphans', and 'orphans:<gender>:<grade>'),
  // so the unfiltered and the gender/grade-filtered totals are key reads instead of counting rows.
  await db.schema
    .createTable('counters')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', money, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into counters (name, value) values ('orphans', 0)`.execute(db);

  if (dialect === 'postgres') {
    await sql`create index orphans_search_idx on orphans using gin (to_tsvector('simple', search_text)) where deleted_at is null`.execute(db);
    return;
  }
  // FTS5 over search_text, external content (no second copy of the text). Triggers keep it in
  // step; only children outside the trash are indexed, so search never meets a trashed child
  // and a search total needs no join.
  await sql`create virtual table orphans_fts using fts5(search_text, content='orphans', content_rowid='id', tokenize='unicode61 remove_diacritics 0', prefix='1 2 3')`.execute(db);
  await sql`create trigger orphans_fts_insert after insert on orphans when new.deleted_at is null begin
      insert into orphans_fts (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger orphans_fts_delete after delete on orphans when old.deleted_at is null begin
      insert into orphans_fts (orphans_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
  // One trigger, two statements in order: SQLite runs separate triggers newest-first, which
  // would add the new entry and then delete it again.
  await sql`create trigger orphans_fts_update after update of search_text, deleted_at on orphans begin
      insert into orphans_fts (orphans_fts, rowid, search_text) select 'delete', old.id, old.search_text where old.deleted_at is null;
      insert into orphans_fts (rowid, search_text) select new.id, new.search_text where new.deleted_at is null;
    end`.execute(db);
}
