import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function getSetting(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function isMaintenanceMode(db: Kysely<DB>): Promise<boolean> {
  return (await getSetting(db, 'maintenance_mode')) === '1';
}
