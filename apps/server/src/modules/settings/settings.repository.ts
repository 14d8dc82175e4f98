import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function readSettings(db: Kysely<DB>, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(trx: Kysely<DB>, key: string, value: string): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
