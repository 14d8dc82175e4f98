import type { Kysely } from 'kysely';
import { ITEMS_PER_PAGE_OPTIONS, DEFAULT_ITEMS_PER_PAGE } from '@app/shared/constants';
import {
  DEFAULT_SETTINGS,
  PUBLIC_SETTING_KEYS,
  SETTING_KEYS,
  settingsSchema,
  type PublicSettings,
  type SiteSettings,
} from '@app/shared/schemas/settings.schema';
import type { DB } from '../../db/schema.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { readSettings, writeSetting } from './settings.repository.ts';
import { saveSettings } from './settings.writes.ts';

export async function getSetting(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function isMaintenanceMode(db: Kysely<DB>): Promise<boolean> {
  return (await getSetting(db, 'maintenance_mode')) === '1';
}

/** Turn maintenance mode on or off inside another write's transaction (lockdown), which logs itself. */
export async function setMaintenanceMode(trx: Kysely<DB>, on: boolean): Promise<void> {
  await writeSetting(trx, 'maintenance_mode', on ? '1' : '0');
}

/** A setting only code writes (not one of the form's keys), inside another write's transaction; null removes it. */
export async function writeInternalSetting(trx: Kysely<DB>, key: string, value: string | null): Promise<void> {
  if (value === null) await trx.deleteFrom('settings').where('key', '=', key).execute();
  else await writeSetting(trx, key, value);
}

/** Every known setting, stored value over the default. */
export async function getSettings(db: Kysely<DB>): Promise<SiteSettings> {
  const stored = await readSettings(db, SETTING_KEYS);
  const out = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) out[key] = stored.get(key) ?? DEFAULT_SETTINGS[key];
  return out;
}

/** What the public site reads: organisation details, social links and the maintenance flag. */
export async function getPublicSettings(db: Kysely<DB>): Promise<PublicSettings> {
  const all = await getSettings(db);
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, all[k]])) as PublicSettings;
}

/** The list page size administrators chose under System Configuration (a list's default per_page). */
export async function defaultPerPage(db: Kysely<DB>): Promise<number> {
  const n = Number(await getSetting(db, 'items_per_page'));
  return (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_ITEMS_PER_PAGE;
}

/**
 * Form values arrive as multipart strings or JSON; JSON may carry booleans, numbers or null.
 * Bring them to the stored string form before validation.
 */
function normalise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) out[key] = '';
    else if (typeof value === 'boolean') out[key] = value ? '1' : '0';
    else if (typeof value === 'number') out[key] = String(value);
    else out[key] = value;
  }
  if (out.maintenance_mode === 'true') out.maintenance_mode = '1';
  if (out.maintenance_mode === 'false') out.maintenance_mode = '0';
  return out;
}

/** Validate with the shared schema, store known keys only, log the change. */
export async function updateSettings(db: Kysely<DB>, actorId: number, fields: Record<string, unknown>): Promise<SiteSettings> {
  const input = parseOrThrow(settingsSchema, normalise(fields));
  const before = await getSettings(db);
  const changed = SETTING_KEYS.filter((k) => input[k] !== undefined && input[k] !== before[k]);
  await db.transaction().execute((trx) => saveSettings(trx, { actorId, values: Object.fromEntries(changed.map((k) => [k, input[k] as string])) }));
  return getSettings(db);
}
