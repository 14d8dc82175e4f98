import type { Kysely } from 'kysely';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { LOCKDOWN_MSG, type LockdownChangedResponse, type LockdownState } from '@app/shared/schemas/lockdown.schema';
import type { DB } from '../../db/schema.ts';
import { LOCKDOWN_SETTING } from '../../lib/lockdown-setting.ts';
import { nowIso } from '../../lib/time.ts';
import type { PasswordGuard } from '../auth/auth.service.ts';
import { checkCurrentPassword } from '../profile/profile.service.ts';
import { getSetting, isMaintenanceMode } from '../settings/settings.service.ts';
import { liftLockdown, startLockdown, type StoredLockdown } from './lockdown.writes.ts';

/** The caller: who they are, the session to keep, and where their password checks are counted. */
export interface LockdownCaller {
  user: AuthUser;
  tokenId: number | null;
  guard: PasswordGuard;
}

async function storedLockdown(db: Kysely<DB>): Promise<StoredLockdown | null> {
  const raw = await getSetting(db, LOCKDOWN_SETTING);
  if (raw === undefined) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredLockdown>;
    return { since: typeof parsed.since === 'string' ? parsed.since : '', maintenance_before: parsed.maintenance_before === true };
  } catch {
    // A row that is there is lockdown, whatever it holds: hiding must not depend on its text.
    return { since: '', maintenance_before: false };
  }
}

export async function lockdownState(db: Kysely<DB>): Promise<LockdownState> {
  const stored = await storedLockdown(db);
  return { active: stored !== null, since: stored?.since || null };
}

const checkPassword = (db: Kysely<DB>, caller: LockdownCaller, password: string) =>
  checkCurrentPassword({ db }, caller, password, LOCKDOWN_MSG.passwordRequired, 'password');

/** POST /lockdown: the password again, then every other session ends and the doors close at once. */
export async function beginLockdown(db: Kysely<DB>, caller: LockdownCaller, password: string): Promise<LockdownChangedResponse> {
  await checkPassword(db, caller, password);
  const current = await storedLockdown(db);
  const maintenanceOn = await isMaintenanceMode(db);
  const { since, sessionsEnded } = await db
    .transaction()
    .execute((trx) => startLockdown(trx, { actorId: caller.user.id, keepTokenId: caller.tokenId, now: nowIso(), current, maintenanceOn }));
  return { message: LOCKDOWN_MSG.started, data: { active: true, since, sessions_ended: sessionsEnded } };
}

/** DELETE /lockdown: the password again, then lockdown ends (nothing to do when it is off). */
export async function endLockdown(db: Kysely<DB>, caller: LockdownCaller, password: string): Promise<LockdownChangedResponse> {
  await checkPassword(db, caller, password);
  const current = await storedLockdown(db);
  if (current) await db.transaction().execute((trx) => liftLockdown(trx, { actorId: caller.user.id, current }));
  return { message: LOCKDOWN_MSG.lifted, data: { active: false, since: null, sessions_ended: 0 } };
}
