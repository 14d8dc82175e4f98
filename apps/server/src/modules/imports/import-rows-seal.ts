import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { isSealed, type FieldCipher } from '../../lib/field-cipher.ts';
import { childImports } from '../orphans/orphans.service.ts';
import type { StagedColumn } from './import-rows-sealing.ts';

/*
 * Every staged row's cells and undo copy sealed with the current data key: rows an older version
 * left plain, and, during `npm run rotate-key`, rows of the key being replaced. The sibling of the
 * children's pass (orphans/child-fields-seal.ts), run from the same places: a batch of rows per
 * transaction, a value already under the current key skipped, so a kill loses nothing and a rerun
 * goes on where it stopped.
 */

/** `app_keys` row: the id of the key every staged row is known to be sealed with; a start with that key skips the pass. */
export const IMPORT_ROWS_KEY_ROW = 'data-import-rows-key';
const BATCH = 500;
const TABLE = 'import_rows';
const COLUMNS: readonly StagedColumn[] = ['cells', 'before'];

interface Row {
  id: number;
  import_id: number;
  row_number: number;
  record_id: number | null;
  kind: string;
  cells: string;
  before: string | null;
}

/**
 * An undo copy of a child kept plain by an older version held the child's values as its row did
 * (sealed for the child, or plain from before encryption): opened, as the copy holds them now.
 * Uses the process's cipher (useFieldCipher), which must be `cipher` (the callers set it).
 */
function asKeptNow(row: Row, column: StagedColumn, json: string): string {
  if (column !== 'before' || row.kind !== 'orphans' || row.record_id === null) return json;
  return JSON.stringify(childImports.openedUndoCopy(row.record_id, JSON.parse(json) as childImports.ChildColumns));
}

function resealed(cipher: FieldCipher, row: Row): Partial<Record<StagedColumn, string>> {
  const out: Partial<Record<StagedColumn, string>> = {};
  for (const column of COLUMNS) {
    const text = row[column];
    if (text === null || cipher.sealedWithCurrent(text)) continue;
    const bound = `${column}.${row.row_number}`;
    // Under another key of the keyring it opens (a rotation); plain JSON is an older version's.
    const json = isSealed(text) ? cipher.open(TABLE, bound, row.import_id, text) : asKeptNow(row, column, text);
    out[column] = cipher.seal(TABLE, bound, row.import_id, json);
  }
  return out;
}

export async function sealImportRows(db: Kysely<DB>, cipher: FieldCipher, progress?: (done: number) => void): Promise<{ rows: number; sealed: number }> {
  let rows = 0;
  let sealed = 0;
  for (let after = 0; ; ) {
    const batch = await db
      .selectFrom('import_rows')
      .innerJoin('imports', 'imports.id', 'import_rows.import_id')
      .select(['import_rows.id', 'import_rows.import_id', 'import_rows.row_number', 'import_rows.record_id', 'imports.kind', 'import_rows.cells', 'import_rows.before'])
      .where('import_rows.id', '>', after)
      .orderBy('import_rows.id')
      .limit(BATCH)
      .execute();
    const updates = batch.map((row) => [row.id, resealed(cipher, row)] as const).filter(([, values]) => Object.keys(values).length);
    if (updates.length) {
      await db.transaction().execute(async (trx) => {
        for (const [id, values] of updates) await trx.updateTable('import_rows').set(values).where('id', '=', id).execute();
      });
    }
    sealed += updates.length;
    rows += batch.length;
    progress?.(rows);
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  return { rows, sealed };
}

export async function recordImportRowsSealed(db: Kysely<DB>, keyId: Buffer): Promise<void> {
  const value = keyId.toString('hex');
  await db
    .insertInto('app_keys')
    .values({ name: IMPORT_ROWS_KEY_ROW, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/** At start-up, after the children's pass: seal the staged rows not yet under the current key, once, and rewrite the file without the old pages. */
export async function sealLeftoverImportRows(db: Kysely<DB>, dialect: Dialect, cipher: FieldCipher, keyId: Buffer, log: (line: string) => void): Promise<void> {
  const done = await db.selectFrom('app_keys').select('value').where('name', '=', IMPORT_ROWS_KEY_ROW).executeTakeFirst();
  if (done?.value === keyId.toString('hex')) return;
  const result = await sealImportRows(db, cipher);
  if (result.sealed) {
    if (dialect === 'postgres') {
      await sql`vacuum full import_rows`.execute(db);
    } else {
      await sql`vacuum`.execute(db);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    }
    log(`Imports' staged rows encrypted with the data key: ${result.sealed} of ${result.rows} rows.`);
  }
  await recordImportRowsSealed(db, keyId);
}
