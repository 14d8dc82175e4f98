import { hash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { clearRateLimit, forgetRateLimitHit, hitRateLimit } from './rate-limits.writes.ts';

/**
 * Fixed-window counters behind one interface (docs/design-decisions.md, "Growing past one
 * machine"). They live in the database, so every server process (cluster workers, or several
 * machines on PostgreSQL) counts the same attempts. A guarded action counts its attempt *before*
 * doing the work it guards (checking a password): however many requests arrive at once, each
 * gets its own count from one atomic statement, and only those within the limit go on.
 */
export interface RateLimiter {
  /** Count one hit; answers the count in the current window and seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  peek(key: string): Promise<{ count: number; retryAfter: number }>;
  clear(key: string): Promise<void>;
  /** Take back one hit counted in the current window. */
  forget(key: string): Promise<void>;
}

const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/** Keys carry what the caller sent (an e-mail of any length): stored as a fixed-length digest. */
const digest = (key: string) => hash('sha256', key, 'base64url');

export class DatabaseRateLimiter implements RateLimiter {
  private hits = 0;

  constructor(private readonly db: Kysely<DB>) {}

  async hit(key: string, windowSeconds: number) {
    // Ended windows are swept now and then, in the same write.
    const sweep = ++this.hits % 100 === 0;
    const row = await this.db.transaction().execute((trx) => hitRateLimit(trx, { key: digest(key), windowMs: windowSeconds * 1000, sweep }));
    return { count: row.count, retryAfter: retryAfter(row.resetAt, row.now) };
  }

  async peek(key: string) {
    const now = Date.now();
    const row = await this.db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', digest(key)).executeTakeFirst();
    if (!row || Number(row.reset_at) <= now) return { count: 0, retryAfter: 0 };
    return { count: Number(row.count), retryAfter: retryAfter(Number(row.reset_at), now) };
  }

  async forget(key: string) {
    await this.db.transaction().execute((trx) => forgetRateLimitHit(trx, { key: digest(key) }));
  }

  async clear(key: string) {
    await this.db.transaction().execute((trx) => clearRateLimit(trx, { key: digest(key) }));
  }
}
