import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';
import { assertRegistered, errorFromThread, errorToThread, type WriteProcedure, type WriteRegistry, type Writes } from './write-procedure.ts';

/** A unit of writing, run inside a transaction it shares with others (see below). */
type Work<T> = (trx: Kysely<DB>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 64;
/** How long a batch waits for another process's write lock before failing (SQLite's busy_timeout). */
const LOCK_WAIT_MS = 5000;

const raw = (statement: string) => CompiledQuery.raw(statement);
const settled = (p: Promise<unknown>): Promise<Outcome> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * Group commit for SQLite. Writes that arrive while one batch commits and syncs run together in
 * the next transaction, each in its own savepoint: a failing job rolls back to its savepoint and
 * fails alone. Every job is answered only after the commit that holds it is durable (the WAL
 * fsync in db/sqlite-connection.ts). On the writer thread (decision 0009) waiting for the fsync
 * before the next batch halves the number of commits and fsyncs against starting it at once;
 * the server thread never waits either way.
 *
 * The write lock is taken without waiting: when another server process holds it, this process
 * tries again shortly instead of sleeping in SQLite's busy handler, which would stop its event
 * loop (and every request it serves) for milliseconds at a time.
 *
 * PostgreSQL runs each job in its own transaction: its connections commit in parallel already.
 */
export class WriteBatcher {
  private readonly pending: Job[] = [];
  private draining = false;

  constructor(private readonly database: Pick<Database, 'db' | 'dialect' | 'tryBeginImmediate'>) {}

  run<T>(work: Work<T>): Promise<T> {
    if (this.database.dialect !== 'sqlite') return this.database.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work: work as Work<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length) {
        // The next batch starts once this one is durable and answered: the writes that arrive
        // meanwhile wait together, so a commit and its fsync serve several of them.
        await this.runBatch(this.pending.splice(0, MAX_BATCH));
        // Let the requests that arrived meanwhile queue their writes too.
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      this.draining = false;
    }
  }

  /** Run a batch in one transaction; settles every job once the commit is durable (or failed). */
  private async runBatch(batch: Job[]): Promise<void> {
    let outcomes: Outcome[] = [];
    try {
      const deadline = Date.now() + LOCK_WAIT_MS;
      for (let attempt = 0; ; attempt++) {
        // Resolves after the connection is released, which is after the WAL fsync (sqlite-connection.ts).
        const began = await this.database.db.connection().execute(async (conn) => {
          if (!this.tryBegin()) return false;
          try {
            outcomes = await this.runJobs(conn, batch);
            // A lone job that failed has nothing to keep: roll back instead of committing.
            await conn.executeQuery(raw(batch.length === 1 && !outcomes[0]!.ok ? 'rollback' : 'commit'));
          } catch (error) {
            await conn.executeQuery(raw('rollback')).catch(() => undefined);
            throw error;
          }
          return true;
        });
        if (began) break;
        if (Date.now() > deadline) throw new Error('database is locked (another process held the write lock too long)');
        // Another connection is writing: its transaction takes about a millisecond.
        await new Promise((r) => (attempt < 2 ? setImmediate(r) : setTimeout(r, 1)));
      }
    } catch (error) {
      // The transaction or its commit failed: none of these writes happened.
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  private tryBegin(): boolean {
    if (!this.database.tryBeginImmediate) throw new Error('WriteBatcher on SQLite needs tryBeginImmediate');
    return this.database.tryBeginImmediate();
  }

  private async runJobs(conn: Kysely<DB>, batch: Job[]): Promise<Outcome[]> {
    if (batch.length === 1) return [await settled(batch[0]!.work(conn))];
    const outcomes: Outcome[] = [];
    for (const [i, job] of batch.entries()) {
      await conn.executeQuery(raw(`savepoint batch_${i}`));
      const outcome = await settled(job.work(conn));
      if (!outcome.ok) await conn.executeQuery(raw(`rollback to batch_${i}`));
      await conn.executeQuery(raw(`release batch_${i}`));
      outcomes.push(outcome);
    }
    return outcomes;
  }
}

/**
 * Write procedures run in this process, through a WriteBatcher (PostgreSQL, SQLite in memory).
 * They are handled exactly as on the writer thread (db/writer-thread.ts): only registered
 * procedures run, and arguments, results and errors are copied by structured clone, so a
 * procedure that works here works there — a caller that changes its arguments afterwards, or a
 * procedure that returns a class instance, behaves the same on both.
 */
export class LocalWrites implements Writes {
  private readonly batcher: WriteBatcher;
  private answered = 0;

  constructor(
    database: Pick<Database, 'db' | 'dialect' | 'tryBeginImmediate'>,
    private readonly registry: WriteRegistry,
  ) {
    this.batcher = new WriteBatcher(database);
  }

  async run<A, R>(procedure: WriteProcedure<A, R>, args: A): Promise<R> {
    assertRegistered(this.registry, procedure as WriteProcedure<unknown, unknown>);
    const copy = structuredClone(args);
    try {
      return structuredClone(await this.batcher.run((trx) => procedure.run(trx, copy)));
    } catch (err) {
      throw errorFromThread(errorToThread(err));
    } finally {
      this.answered++;
    }
  }

  settled(): number {
    return this.answered;
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
