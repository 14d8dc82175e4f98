import { sql, type Kysely, type Transaction } from 'kysely';
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

/** Why the server ended a token, told to whoever still holds it (the 401's code). */
export type EndedBecause = typeof ERROR_CODE.sessionRevoked | typeof ERROR_CODE.accountDisabled;

/** Which tokens a server-side sign-out ends: one user's (or everyone's), but perhaps one kept. */
export interface TokensToEnd {
  userId?: number;
  keepTokenId?: number | null;
}

/**
 * End tokens on the server's side, inside the caller's transaction: each leaves a revoked-token
 * row (its id, hash and why, until it would have expired anyway) so that its holder's next request
 * is told why, then the tokens go. Answers how many ended.
 */
export async function endTokens(trx: Kysely<DB>, which: TokensToEnd, because: EndedBecause): Promise<number> {
  let ended = trx.selectFrom('personal_access_tokens').select(['id', 'token_hash', sql.lit(because).as('reason'), 'expires_at']);
  let gone = trx.deleteFrom('personal_access_tokens');
  if (which.userId !== undefined) {
    ended = ended.where('user_id', '=', which.userId);
    gone = gone.where('user_id', '=', which.userId);
  }
  if (which.keepTokenId != null) {
    ended = ended.where('id', '!=', which.keepTokenId);
    gone = gone.where('id', '!=', which.keepTokenId);
  }
  await trx
    .insertInto('revoked_tokens')
    .columns(['token_id', 'token_hash', 'reason', 'expires_at'])
    .expression(ended)
    // A token id used again after its first holder ended (SQLite may reuse the highest id): the later one counts.
    .onConflict((oc) => oc.column('token_id').doUpdateSet((eb) => ({ token_hash: eb.ref('excluded.token_hash'), reason: eb.ref('excluded.reason'), expires_at: eb.ref('excluded.expires_at') })))
    .execute();
  const result = await gone.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Revoked-token rows past the time their token would have expired anyway: nobody can still hold them usefully. */
export const deleteRevokedTokensBefore = async (trx: Transaction<DB>, cutoff: string): Promise<number> => {
  const result = await trx.deleteFrom('revoked_tokens').where('expires_at', '<=', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
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
