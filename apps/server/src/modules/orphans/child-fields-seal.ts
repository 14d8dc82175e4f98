import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { isSealed, type FieldCipher } from '../../lib/field-cipher.ts';
import { conditionToken, SEALED_COLUMNS } from './orphan-sealing.ts';
import { searchTextsOf } from './orphan-search-text.ts';

/*
 * Every child's sensitive values sealed with the current data key: values stored before field
 * encryption (an upgraded install, a restored old backup) and, during `npm run rotate-key`, values
 * of the key being replaced. A batch of rows at a time, each in one transaction, so a kill
 * halfway loses nothing and a rerun goes on where it stopped (a value already under the current
 * key is skipped by the key id it carries). As the stored files' pass (storage/stored-files-seal.ts).
 */

/** `app_keys` row: the id of the key every child's values are known to be sealed with; a start with that key skips the pass. */
export const FIELDS_KEY_ROW = 'data-fields-key';
const BATCH = 500;
const TABLE = 'orphans';

type Row = Record<string, unknown> & { id: number };

/**
 * The row's columns that are not yet sealed with the current key, sealed with it, and its search
 * texts' tokens made again with the current key; the condition's token too whenever it is not
 * the current key's (a rotation, a row from before the token). Empty: nothing to do.
 */
function resealed(cipher: FieldCipher, row: Row): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const plainRow: Record<string, unknown> = { ...row };
  for (const column of SEALED_COLUMNS) {
    const v = row[column];
    if (v === null || v === undefined) continue;
    const text = String(v);
    if (cipher.sealedWithCurrent(text)) continue;
    // A value of another key of the keyring opens; anything else is a value from before encryption.
    let plain = text;
    if (isSealed(text)) {
      try {
        plain = cipher.open(TABLE, column, row.id, text);
      } catch {
        plain = text;
      }
    }
    plainRow[column] = plain;
    out[column] = cipher.seal(TABLE, column, row.id, plain);
  }
  const condition = (): string | null => {
    const v = row.medical_condition;
    if (v === null || v === undefined) return null;
    return 'medical_condition' in out ? String(plainRow.medical_condition) : cipher.open(TABLE, 'medical_condition', row.id, String(v));
  };
  const plainCondition = condition();
  const token = plainCondition === null ? null : conditionToken(plainCondition);
  const medical: Record<string, string | null> = token === row.medical_token ? {} : { medical_token: token };
  if (!Object.keys(out).length) return medical;
  for (const column of SEALED_COLUMNS) {
    const v = row[column];
    if (typeof v === 'string' && !(column in out)) plainRow[column] = cipher.open(TABLE, column, row.id, v);
  }
  return { ...out, ...medical, ...searchTextsOf(plainRow as Parameters<typeof searchTextsOf>[0]) };
}

/**
 * Seal a batch at a time; searchTextsOf and conditionToken make tokens with the process's cipher (useFieldCipher), which
 * must be `cipher` (the rotation sets it).
 */
export async function sealChildFields(db: Kysely<DB>, cipher: FieldCipher, progress?: (done: number) => void): Promise<{ rows: number; sealed: number }> {
  let rows = 0;
  let sealed = 0;
  for (let after = 0; ; ) {
    const batch = (await db
      .selectFrom('orphans')
      .select(['id', 'first_name', 'last_name', 'medical_token', ...(SEALED_COLUMNS as Array<'notes'>)])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as unknown as Row[];
    // A batch in one transaction (one commit, not one per row): a kill undoes at most the batch, which the rerun seals again.
    const updates = batch.map((row) => [row.id, resealed(cipher, row)] as const).filter(([, values]) => Object.keys(values).length);
    if (updates.length) {
      await db.transaction().execute(async (trx) => {
        for (const [id, values] of updates) await trx.updateTable('orphans').set(values).where('id', '=', id).execute();
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

export async function fieldsSealedWith(db: Kysely<DB>, keyId: Buffer): Promise<boolean> {
  const row = await db.selectFrom('app_keys').select('value').where('name', '=', FIELDS_KEY_ROW).executeTakeFirst();
  return row?.value === keyId.toString('hex');
}

export async function recordFieldsSealed(db: Kysely<DB>, keyId: Buffer): Promise<void> {
  const value = keyId.toString('hex');
  await db
    .insertInto('app_keys')
    .values({ name: FIELDS_KEY_ROW, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/**
 * The plaintext the values had, gone from the file too: the search index built again from the
 * tokens, and the database rewritten without the pages that held the old values (SQLite's
 * VACUUM, its WAL emptied; PostgreSQL's VACUUM FULL of the table and its indexes).
 */
async function compact(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`vacuum full orphans`.execute(db);
    return;
  }
  await sql`insert into orphans_fts (orphans_fts) values ('rebuild')`.execute(db);
  await sql`vacuum`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** At start-up, before serving: seal what is not yet sealed with the current key, once; later starts find the row and skip the walk. */
export async function sealLeftoverFields(db: Kysely<DB>, dialect: Dialect, cipher: FieldCipher, keyId: Buffer, log: (line: string) => void): Promise<void> {
  if (await fieldsSealedWith(db, keyId)) return;
  let told = 0;
  const result = await sealChildFields(db, cipher, (done) => {
    if (done - told >= 5000) {
      told = done;
      log(`Encrypting children's sensitive fields: ${done} records`);
    }
  });
  if (result.sealed) {
    await compact(db, dialect);
    log(`Children's sensitive fields encrypted with the data key: ${result.sealed} of ${result.rows} records.`);
  }
  await recordFieldsSealed(db, keyId);
}
