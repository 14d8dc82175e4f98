import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The settings row that holds lockdown while it is on (absent when off). Not one of the settings
 * the Settings form edits: only the lockdown routes write it, and every request reads it with its
 * token (auth/tokens.service.ts), so each server process sees it at once.
 */
export const LOCKDOWN_SETTING = 'lockdown';

/** Whether lockdown is on: a row that is there is lockdown, whatever it holds. */
export async function lockdownIsOn(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('settings').select('key').where('key', '=', LOCKDOWN_SETTING).executeTakeFirst()) !== undefined;
}
