import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

export async function userByEmail(db: Db, email: string): Promise<{ id: number; name: string; locale: DB['users']['locale'] } | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'locale']).where('email', '=', email).executeTakeFirst();
}

export async function resetTokensFor(db: Db, email: string): Promise<{ id: number; token_hash: string; expires_at: string; created_at: string }[]> {
  return db.selectFrom('password_reset_tokens').select(['id', 'token_hash', 'expires_at', 'created_at']).where('email', '=', email).execute();
}

export async function replaceResetToken(trx: Db, values: { email: string; token_hash: string; expires_at: string; created_at: string }): Promise<void> {
  await trx.deleteFrom('password_reset_tokens').where('email', '=', values.email).execute();
  await trx.insertInto('password_reset_tokens').values(values).execute();
}

export async function deleteResetTokens(db: Db, email: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('email', '=', email).execute();
}

export async function setPassword(trx: Db, userId: number, hash: string, now: string): Promise<void> {
  await trx.updateTable('users').set({ password: hash, updated_at: now }).where('id', '=', userId).execute();
}

/** Every unused reset link of every account goes (lockdown): answers how many. */
export async function deleteEveryResetToken(trx: Db): Promise<number> {
  return Number((await trx.deleteFrom('password_reset_tokens').executeTakeFirst()).numDeletedRows);
}
