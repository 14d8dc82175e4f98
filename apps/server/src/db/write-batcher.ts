import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../config.ts';
import type { DB } from './schema.ts';

type Work<T> = (trx: Transaction<DB>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 64;

/**
 * Group commit for SQLite. Each write transaction pays one fsync at commit (synchronous=FULL);
 * writes that arrive while one is committing are run together in the next transaction, each in
 * its own savepoint, and share that one commit. A failing job rolls back to its savepoint and
 * fails alone; every job is answered only after the commit that holds it, so nothing is
 * acknowledged before it is on disk. PostgreSQL runs each job in its own transaction: its
 * connections commit in parallel already.
 */
export class WriteBatcher {
  private readonly pending: Job[] = [];
  private draining = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    if (this.dialect !== 'sqlite') return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work: work as Work<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length) {
        await this.runBatch(this.pending.splice(0, MAX_BATCH));
        // Let the requests that arrived meanwhile queue their writes for the next batch.
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      this.draining = false;
    }
  }

  private async runBatch(batch: Job[]): Promise<void> {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [i, job] of batch.entries()) {
          const savepoint = sql.raw(`batch_${i}`);
          await sql`savepoint ${savepoint}`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await job.work(trx) });
            await sql`release ${savepoint}`.execute(trx);
          } catch (error) {
            await sql`rollback to ${savepoint}`.execute(trx);
            await sql`release ${savepoint}`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed: none of these writes happened.
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}
