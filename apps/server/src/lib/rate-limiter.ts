import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Fixed-window counters behind one interface (docs/design-decisions.md). They live in the database, so every
 * server process (cluster workers, or several machines on PostgreSQL) counts the same attempts;
 * only rare calls use them (sign-in failures, sign-ups, contact messages, password resets).
 */
export interface RateLimiter {
  /** Count one hit; answers the count in the current window and seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  peek(key: string): Promise<{ count: number; retryAfter: number }>;
  clear(key: string): Promise<void>;
}

const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

export class DatabaseRateLimiter implements RateLimiter {
  private hits = 0;

  constructor(private readonly db: Kysely<DB>) {}

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    const resetAt = now + windowSeconds * 1000;
    // One atomic statement: a new window starts when the old one has ended.
    const row = await this.db
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
    if (++this.hits % 100 === 0) await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
    return { count: Number(row.count), retryAfter: retryAfter(Number(row.reset_at), now) };
  }

  async peek(key: string) {
    const now = Date.now();
    const row = await this.db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
    if (!row || Number(row.reset_at) <= now) return { count: 0, retryAfter: 0 };
    return { count: Number(row.count), retryAfter: retryAfter(Number(row.reset_at), now) };
  }

  async clear(key: string) {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
