import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { SEALED_COLUMNS } from '../../modules/orphans/orphan-sealing.ts';

/**
 * A child's sensitive values are stored sealed (decision 0060): text longer than the value, so
 * each such column becomes `text` — on PostgreSQL every one (their varchar lengths were the
 * values'), on SQLite the two money columns, which held integers. The values themselves are
 * sealed at the first start with the key (orphans/child-fields-seal.ts): a migration has no key.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    for (const column of SEALED_COLUMNS) {
      await sql`alter table orphans alter column ${sql.ref(column)} type text using ${sql.ref(column)}::text`.execute(db);
    }
    return;
  }
  // SQLite cannot change a column's type: a text column takes each money column's place, its cents as text.
  for (const column of SEALED_COLUMNS.filter((c) => c.endsWith('_cents'))) {
    const next = `${column}_text`;
    await sql`alter table orphans add column ${sql.ref(next)} text`.execute(db);
    await sql`update orphans set ${sql.ref(next)} = cast(${sql.ref(column)} as text) where ${sql.ref(column)} is not null`.execute(db);
    await sql`alter table orphans drop column ${sql.ref(column)}`.execute(db);
    await sql`alter table orphans rename column ${sql.ref(next)} to ${sql.ref(column)}`.execute(db);
  }
}
