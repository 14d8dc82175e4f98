import type { Transaction } from 'kysely';
import type { DB, IdempotencyKeysTable } from '../db/schema.ts';

/** The idempotency keys' writes (plugins/idempotency.ts). */

export type KeyRow = Pick<IdempotencyKeysTable, 'request_hash' | 'status_code' | 'response' | 'created_at'>;

/**
 * Take a user's key for a request, or answer the row that already holds it. A row still in
 * progress since before `staleBefore` belongs to a request that died with its process: it is
 * taken over. Two requests racing for one key: the database's primary key lets one in. Null: the
 * row went between the two statements; ask again.
 */
export const claimIdempotencyKey = async (
  trx: Transaction<DB>,
  { userId, key, requestHash, now, staleBefore }: { userId: number; key: string; requestHash: string; now: string; staleBefore: string },
): Promise<{ claimed: true } | { claimed: false; row: KeyRow } | null> => {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: requestHash, status_code: null, response: null, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { claimed: true };
  const row = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  // Deleted meanwhile (its request failed, or the retention job): the caller asks again.
  if (!row) return null;
  if (row.status_code === null && row.created_at < staleBefore && row.request_hash === requestHash) {
    const taken = await trx
      .updateTable('idempotency_keys')
      .set({ created_at: now })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('status_code', 'is', null)
      .where('created_at', '=', row.created_at)
      .returning('key')
      .executeTakeFirst();
    if (taken) return { claimed: true };
  }
  return { claimed: false, row };
};

/** The request succeeded: keep its answer for the key's next use. */
export const completeIdempotencyKey = async (trx: Transaction<DB>, { userId, key, statusCode, response }: { userId: number; key: string; statusCode: number; response: string }) => {
  await trx.updateTable('idempotency_keys').set({ status_code: statusCode, response }).where('user_id', '=', userId).where('key', '=', key).where('status_code', 'is', null).execute();
};

/** The request was refused or failed: nothing was applied, so the key is free for another try. */
export const releaseIdempotencyKey = async (trx: Transaction<DB>, { userId, key }: { userId: number; key: string }) => {
  await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('status_code', 'is', null).execute();
};

/** The retention job: every key taken before `cutoff`. Answers how many went. */
export const deleteIdempotencyKeysBefore = async (trx: Transaction<DB>, cutoff: string): Promise<number> => {
  const r = await trx.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
};
