import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { releaseLock, renewLock, takeLock } from './database-locks.writes.ts';

/**
 * Named locks held in the database (migration 0027), so they hold across server processes and
 * machines on one database, as a lock in one process's memory cannot (cluster workers on
 * PostgreSQL, several machines behind a balancer). A holder renews its lease while it works; a
 * lock whose process died is free once the lease runs out. A waiter asks again every
 * `pollMs` and may ask the holder to let go (`onReleaseRequested`, seen at its next renewal).
 */

/** A waiter gave up: its time ran out, or its request ended. */
export class LockNotTaken extends Error {
  constructor(readonly reason: 'timeout' | 'aborted') {
    super(`lock not taken (${reason})`);
    this.name = 'LockNotTaken';
  }
}

export interface HeldLock {
  release(): Promise<void>;
}

export interface LockOptions {
  /** How long to wait for it; past that, LockNotTaken('timeout'). */
  timeoutMs: number;
  /** The waiter's request ended: LockNotTaken('aborted'). */
  signal?: AbortSignal;
  /** Once held, called (once) when another waiter asks for it or the lease was lost; omitted: waiters just wait. */
  onReleaseRequested?: () => unknown;
}

export interface LockTimings {
  /** A lock's lease: how long a dead holder keeps it. */
  leaseMs: number;
  /** How often a holder renews its lease (and learns of a waiter). */
  renewMs: number;
  /** How often a waiter asks again. */
  pollMs: number;
}

const TIMINGS: LockTimings = { leaseMs: 15_000, renewMs: 2_000, pollMs: 100 };

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export class DatabaseLocks {
  private takes = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: { warn(o: object, m: string): void },
    private readonly timings: LockTimings = TIMINGS,
  ) {}

  async acquire(name: string, options: LockOptions): Promise<HeldLock> {
    const holder = randomBytes(16).toString('hex');
    const { leaseMs, renewMs, pollMs } = this.timings;
    const deadline = Date.now() + options.timeoutMs;
    // A waiter that may be asked to let go asks the same of the holder (tus's rule: the newer request wins).
    const askRelease = !!options.onReleaseRequested;
    for (;;) {
      if (options.signal?.aborted) throw new LockNotTaken('aborted');
      const sweep = ++this.takes % 200 === 0;
      if (await this.db.transaction().execute((trx) => takeLock(trx, { name, holder, leaseMs, askRelease, sweep }))) break;
      if (Date.now() >= deadline) throw new LockNotTaken('timeout');
      await pause(Math.min(pollMs, Math.max(0, deadline - Date.now())), options.signal);
    }
    let released = false;
    let told = false;
    const tell = () => {
      if (told || !options.onReleaseRequested) return;
      told = true;
      options.onReleaseRequested();
    };
    const renewing = setInterval(() => {
      this.db
        .transaction()
        .execute((trx) => renewLock(trx, { name, holder, leaseMs }))
        .then(({ releaseRequested }) => {
          if (releaseRequested && !released) tell();
        })
        // A database that does not answer now may answer at the next renewal; the lease covers several.
        .catch((err: unknown) => this.log.warn({ err, lock: name }, 'lock: could not renew the lease'));
    }, renewMs);
    renewing.unref();
    return {
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(renewing);
        await this.db.transaction().execute((trx) => releaseLock(trx, { name, holder }));
      },
    };
  }
}
