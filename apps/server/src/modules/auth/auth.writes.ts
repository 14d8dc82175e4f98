import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ERROR_CODE } from '@app/shared/messages';
import { USER_MSG } from '@app/shared/schemas/user.schema';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';

/** Sign-in's writes: tokens and self-registration. */

interface NewToken {
  user_id: number;
  token_hash: string;
  name: string;
  remember: number;
  now: string;
  expires_at: string;
}

/** Every token of the user, the one in use too: "Sign out everywhere" (a phone left signed in at a relative's). */
export const deleteUserTokens = async (trx: Transaction<DB>, { userId }: { userId: number }) => {
  await trx.deleteFrom('personal_access_tokens').where('user_id', '=', userId).execute();
};

export const insertToken = async (trx: Transaction<DB>, t: NewToken): Promise<number> => {
  const { id } = await trx
    .insertInto('personal_access_tokens')
    .values({ user_id: t.user_id, token_hash: t.token_hash, name: t.name, remember: t.remember, last_used_at: t.now, expires_at: t.expires_at, created_at: t.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};

export const deleteToken = async (trx: Transaction<DB>, { id }: { id: number }) => {
  await trx.deleteFrom('personal_access_tokens').where('id', '=', id).execute();
};

/** Sliding expiry: the token was used now, so it lives on from now. */
export const touchToken = async (trx: Transaction<DB>, { id, now, expiresAt }: { id: number; now: string; expiresAt: string }) => {
  await trx.updateTable('personal_access_tokens').set({ last_used_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
};

/** A self-registered user gets no role (docs/design-decisions.md): an administrator grants one. */
export const registerUser = async (trx: Transaction<DB>, u: { name: string; email: string; password: string; now: string }): Promise<number> => {
  const taken = await trx.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst();
  if (taken) throw AppError.validation('email', USER_MSG.emailTaken, ERROR_CODE.emailTaken);
  const { id } = await trx
    .insertInto('users')
    .values({ name: u.name, email: u.email, password: u.password, email_verified_at: null, created_at: u.now, updated_at: u.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logActivity(trx, { userId: id, type: 'user', action: 'registered', subjectType: 'user', subjectId: id, name: u.name });
  return id;
};
