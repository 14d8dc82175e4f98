import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The rate limiter's writes (lib/rate-limiter.ts). Keys arrive hashed, so any length fits the column. */

/**
 * Count one hit atomically; a new window starts when the old one has ended. The clock is read
 * here, when the hit is counted, not when it was asked for. Answers the count, when the window
 * resets, and that time.
 */
export const hitRateLimit = async (trx: Transaction<DB>, { key, windowMs, sweep }: { key: string; windowMs: number; sweep: boolean }) => {
  const now = Date.now();
  const resetAt = now + windowMs;
  const row = await trx
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  if (sweep) await trx.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
  return { count: Number(row.count), resetAt: Number(row.reset_at), now };
};

/** Take back one hit of a window still running (an attempt that turned out to be the owner's). */
export const forgetRateLimitHit = async (trx: Transaction<DB>, { key }: { key: string }) => {
  await trx.updateTable('rate_limits').set({ count: sql`count - 1` }).where('key', '=', key).where('count', '>', 0).where('reset_at', '>', Date.now()).execute();
};

export const clearRateLimit = async (trx: Transaction<DB>, { key }: { key: string }) => {
  await trx.deleteFrom('rate_limits').where('key', '=', key).execute();
};
