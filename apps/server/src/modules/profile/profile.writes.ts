import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Language } from '@app/shared/i18n/languages';
import { ERROR_CODE } from '@app/shared/messages';
import { PROFILE_MSG } from '@app/shared/schemas/profile.schema';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { revokeOtherTokens } from '../auth/tokens.service.ts';
import { deleteResetTokens } from '../password-reset/password-reset.service.ts';

interface ProfileChange {
  userId: number;
  name: string;
  email: string;
  now: string;
  /** The session making the change: it stays signed in when the e-mail changes, the others do not. */
  keepTokenId: number | null;
  /** Absent: the stored calendar stays. */
  calendar?: 'gregorian' | 'persian';
  /** Absent: the stored language stays. */
  locale?: Language;
}

/**
 * Name and e-mail. A new e-mail is not verified, and the sessions on other devices and the
 * outstanding reset links of the old address end. Answers the e-mail it replaced, if any.
 */
export const updateProfile = async (trx: Transaction<DB>, c: ProfileChange): Promise<{ previousEmail: string | null }> => {
  const taken = await trx.selectFrom('users').select('id').where('email', '=', c.email).where('id', '!=', c.userId).executeTakeFirst();
  if (taken) throw AppError.validation('email', PROFILE_MSG.emailTaken, ERROR_CODE.emailTaken);
  const before = await trx.selectFrom('users').select(['email', 'name']).where('id', '=', c.userId).executeTakeFirstOrThrow();
  const changed = before.email !== c.email;
  await trx
    .updateTable('users')
    .set({ name: c.name, email: c.email, updated_at: c.now, ...(changed ? { email_verified_at: null } : {}), ...(c.calendar ? { calendar: c.calendar } : {}), ...(c.locale ? { locale: c.locale } : {}) })
    .where('id', '=', c.userId)
    .execute();
  if (changed) {
    await deleteResetTokens(trx, before.email);
    await revokeOtherTokens(trx, c.userId, c.keepTokenId);
  }
  // A choice of language or calendar is a preference, not a change to the record: only a new name
  // or e-mail is logged (a language switch would otherwise fill Recent Activity).
  if (changed || before.name !== c.name) {
    await logActivity(trx, { userId: c.userId, type: 'user', action: changed ? 'email_changed' : 'profile_updated', subjectType: 'user', subjectId: c.userId, name: c.name });
  }
  return { previousEmail: changed ? before.email : null };
};

export const changePassword = async (trx: Transaction<DB>, c: { userId: number; name: string; email: string; hash: string; now: string; keepTokenId: number | null }) => {
  await trx.updateTable('users').set({ password: c.hash, updated_at: c.now }).where('id', '=', c.userId).execute();
  await revokeOtherTokens(trx, c.userId, c.keepTokenId);
  await deleteResetTokens(trx, c.email);
  await logActivity(trx, { userId: c.userId, type: 'user', action: 'password_changed', subjectType: 'user', subjectId: c.userId, name: c.name });
};
