import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { logActivity } from '../activities/activities.service.ts';
import { writeSetting } from './settings.repository.ts';

/** Store the settings that changed, and log which (never their values). */
export const saveSettings = async (trx: Transaction<DB>, { actorId, values }: { actorId: number; values: Record<string, string> }): Promise<void> => {
  for (const [key, value] of Object.entries(values)) await writeSetting(trx, key, value);
  await logActivity(trx, { userId: actorId, type: 'other', action: 'updated', subjectType: 'settings', subjectId: null, name: 'System settings', properties: { changed: Object.keys(values) } });
};
