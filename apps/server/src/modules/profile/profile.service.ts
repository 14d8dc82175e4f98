import type { Kysely } from 'kysely';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { PROFILE_MSG } from '@app/shared/schemas/profile.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { normaliseEmail } from '../auth/auth.service.ts';
import { loadAuthUser } from '../auth/current-user.service.ts';
import { revokeOtherTokens } from '../auth/tokens.service.ts';
import { forgetResetTokens } from '../password-reset/password-reset.service.ts';

/** Wrong current passwords allowed per user and minute before 429: a stolen session cannot guess. */
const WRONG_PASSWORD_LIMIT = 5;

export async function updateProfile(db: Kysely<DB>, userId: number, input: { name: string; email: string }): Promise<AuthUser> {
  const email = normaliseEmail(input.email);
  const taken = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
  if (taken) throw AppError.validation('email', PROFILE_MSG.emailTaken);
  const before = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ name: input.name, email, updated_at: nowIso() }).where('id', '=', userId).execute();
    if (before.email !== email) await forgetResetTokens(trx, before.email);
    await logActivity(trx, { userId, type: 'user', action: 'profile_updated', subjectType: 'user', subjectId: userId, name: input.name });
  });
  return (await loadAuthUser(db, userId)) as AuthUser;
}

/** Check the current password, set the new one, and sign the user out of every other device. */
export async function changePassword(
  deps: { db: Kysely<DB>; limiter: RateLimiter },
  user: AuthUser,
  keepTokenId: number | null,
  input: { current_password: string; password: string },
): Promise<void> {
  const key = `current-password:${user.id}`;
  const seen = await deps.limiter.peek(key);
  if (seen.count >= WRONG_PASSWORD_LIMIT) {
    throw new AppError(429, PROFILE_MSG.currentWrong, undefined, { 'Retry-After': String(seen.retryAfter) });
  }
  const row = await deps.db.selectFrom('users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password, input.current_password))) {
    await deps.limiter.hit(key, 60);
    throw AppError.validation('current_password', PROFILE_MSG.currentWrong);
  }
  await deps.limiter.clear(key);
  const hash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password: hash, updated_at: nowIso() }).where('id', '=', user.id).execute();
    await revokeOtherTokens(trx, user.id, keepTokenId);
    await forgetResetTokens(trx, user.email);
    await logActivity(trx, { userId: user.id, type: 'user', action: 'password_changed', subjectType: 'user', subjectId: user.id, name: user.name });
  });
}
