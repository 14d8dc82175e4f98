import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { LOCKDOWN_SETTING } from '../../lib/lockdown-setting.ts';
import { logActivity } from '../activities/activities.service.ts';
import { revokeEveryOtherToken } from '../auth/tokens.service.ts';
import { cancelEveryResetLink } from '../password-reset/password-reset.service.ts';
import { setMaintenanceMode, writeInternalSetting } from '../settings/settings.service.ts';

/** What the lockdown row keeps: when it began, and whether maintenance was on before, to put it back on lifting. */
export interface StoredLockdown {
  since: string;
  maintenance_before: boolean;
}

/**
 * Start lockdown in one transaction: every session but the caller's ends, every password-reset
 * link not yet used is cancelled (a link mailed before is a way back in that the lockdown must
 * close too), maintenance mode goes on and the lockdown row is written, so no request sees one
 * without the others. Started again while on, it ends the sessions and links made since and keeps
 * its first start.
 */
export const startLockdown = async (
  trx: Transaction<DB>,
  c: { actorId: number; keepTokenId: number | null; now: string; current: StoredLockdown | null; maintenanceOn: boolean },
): Promise<{ since: string; sessionsEnded: number }> => {
  const sessionsEnded = await revokeEveryOtherToken(trx, c.keepTokenId);
  const resetLinksCancelled = await cancelEveryResetLink(trx);
  const stored: StoredLockdown = c.current ?? { since: c.now, maintenance_before: c.maintenanceOn };
  await writeInternalSetting(trx, LOCKDOWN_SETTING, JSON.stringify(stored));
  await setMaintenanceMode(trx, true);
  await logActivity(trx, { userId: c.actorId, type: 'other', action: 'lockdown_started', subjectType: 'settings', subjectId: null, name: 'Lockdown', properties: { sessions_ended: sessionsEnded, reset_links_cancelled: resetLinksCancelled } });
  return { since: stored.since, sessionsEnded };
};

/** Lift lockdown: the row goes and maintenance mode is put back as it was before lockdown began. */
export const liftLockdown = async (trx: Transaction<DB>, c: { actorId: number; current: StoredLockdown }): Promise<void> => {
  await writeInternalSetting(trx, LOCKDOWN_SETTING, null);
  await setMaintenanceMode(trx, c.current.maintenance_before);
  await logActivity(trx, { userId: c.actorId, type: 'other', action: 'lockdown_lifted', subjectType: 'settings', subjectId: null, name: 'Lockdown', properties: { since: c.current.since } });
};
