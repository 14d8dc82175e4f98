import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { PASSWORD_RESET_MSG } from '@app/shared/schemas/password-reset.schema';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { revokeOtherTokens } from '../auth/tokens.service.ts';
import { deleteResetTokens, replaceResetToken, setPassword } from './password-reset.repository.ts';

export const storeResetToken = async (trx: Transaction<DB>, t: { userId: number; name: string; email: string; token_hash: string; expires_at: string; created_at: string }) => {
  await replaceResetToken(trx, { email: t.email, token_hash: t.token_hash, expires_at: t.expires_at, created_at: t.created_at });
  await logActivity(trx, { userId: t.userId, type: 'user', action: 'password_reset_requested', subjectType: 'user', subjectId: t.userId, name: t.name });
};

/** Use a reset token once: set the password and sign the user out everywhere. */
export const resetPassword = async (trx: Transaction<DB>, r: { tokenId: number; userId: number; name: string; email: string; hash: string; now: string }) => {
  // Deleting first makes the token single-use even when two resets race.
  const deleted = await trx.deleteFrom('password_reset_tokens').where('id', '=', r.tokenId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw AppError.validation('email', PASSWORD_RESET_MSG.invalidToken);
  await deleteResetTokens(trx, r.email);
  await setPassword(trx, r.userId, r.hash, r.now);
  await revokeOtherTokens(trx, r.userId, null);
  await logActivity(trx, { userId: r.userId, type: 'user', action: 'password_reset', subjectType: 'user', subjectId: r.userId, name: r.name });
};
