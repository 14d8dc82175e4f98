import { Worker } from 'node:worker_threads';
import { assertRegistered, errorFromThread, type ThreadError, type WriteProcedure, type WriteRegistry, type Writes } from './write-procedure.ts';

/** Messages between the server and its writer thread (db/writer.worker.ts). */
export type ToWriter = { type: 'run'; id: number; name: string; args: unknown } | { type: 'close' };
export type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ThreadError };
/** The thread is ready, or the answers to writes it settled together. */
export type FromWriter = { ready: true } | Answer[];

export interface WriterOptions {
  /** The SQLite database file. */
  file: string;
  /** URL of the module exporting the `writeRegistry` the thread runs procedures from. */
  registry: string;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const CLOSE_WAIT_MS = 10_000;
/**
 * A thread with no write for this long ends; the next write starts another (decision 0035). Longer
 * than the checkpointer's 10 s: restarting costs the next write the thread's start, so a working
 * office's pauses between saves should not pay it.
 */
export const WRITER_IDLE_AFTER_MS = 30_000;

/**
 * Ask a thread to close — it finishes what it was given, then closes its connection — and resolve
 * when it has ended; one that takes longer than CLOSE_WAIT_MS is terminated.
 */
function endWorker(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ type: 'close' } satisfies ToWriter);
  const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
  return exited.finally(() => clearTimeout(timer));
}

/**
 * The thread runs what the server runs. Built (apps/server/dist, `npm start`; decision 0020): the
 * compiled writer.worker.js beside this module, with no TypeScript loader in memory. From the
 * sources (the tests, `npm run dev`): the TypeScript entry through tsx, whether the server runs
 * from `node --import tsx` or inside the test runner.
 */
function startWriterWorker(workerData: WriterOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./writer.worker.js', import.meta.url), { workerData });
  const source = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./writer.worker.ts', import.meta.url).href)}); })`;
  return new Worker(source, { eval: true, workerData });
}

/**
 * The database writer thread (decision 0009). Write procedures run on a thread of their own with
 * their own SQLite connection and group commit (db/write-batcher.ts), so SQLite's part of a write
 * — indexes, search index, WAL pages, commit — is done on another core while this thread goes on
 * parsing, validating and answering. A caller is answered once its commit is on disk.
 *
 * Reads stay on the server's own connection; they see a write as soon as it is committed. A
 * thread that dies fails the writes it held (none of them committed unless answered) and is
 * started again on the next write.
 *
 * A thread is a V8 instance of its own, about 14 MB resident even when idle (issue 11's 150 MB
 * has no room for it). So after `idleAfterMs` with no write in flight it is sent the same close
 * a shutdown sends — it has nothing left to commit, so nothing changes for durability — and the
 * next write starts a new one (tens of milliseconds built; that write waits for it).
 */
export class ThreadWrites implements Writes {
  private worker: Worker | null = null;
  /** Settles when the current thread has loaded its procedures and opened the database (or failed to). */
  private ready: Promise<void> = Promise.resolve();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private answered = 0;
  private closing: Promise<void> | null = null;
  /** When the last write was sent or answered; the idle check measures from it. */
  private lastActivity = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Threads sent away idle that may still be closing their connection. */
  private readonly retiring = new Set<Promise<void>>();
  private started = 0;

  private readonly options: WriterOptions;

  constructor(
    file: string,
    private readonly registry: WriteRegistry,
    private readonly idleAfterMs = WRITER_IDLE_AFTER_MS,
  ) {
    this.options = { file, registry: registry.url };
  }

  run<A, R>(procedure: WriteProcedure<A, R>, args: A): Promise<R> {
    if (this.closing) return Promise.reject(new Error('The database writer is closed.'));
    try {
      assertRegistered(this.registry, procedure as WriteProcedure<unknown, unknown>);
    } catch (err) {
      return Promise.reject(err);
    }
    const id = this.nextId++;
    this.lastActivity = Date.now();
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.thread().postMessage({ type: 'run', id, name: procedure.name, args } satisfies ToWriter);
      } catch (err) {
        // Arguments that cannot be cloned (a programming error): nothing was sent.
        this.pending.delete(id);
        reject(err);
      }
    });
  }

  settled(): number {
    return this.answered;
  }

  /** How many threads were started so far, and whether one runs now (for the tests and the bench). */
  threads(): { started: number; running: boolean } {
    return { started: this.started, running: this.worker !== null };
  }

  async start(): Promise<void> {
    if (this.closing) return;
    this.thread();
    await this.ready;
  }

  /** Let the thread finish what it was given, then stop it. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      await Promise.all(this.retiring);
      if (this.worker) await endWorker(this.worker);
    })();
    return this.closing;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWriterWorker(this.options);
    let markReady!: () => void;
    let failReady!: (err: unknown) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    // Nobody may be waiting for it: a failed start is reported by the writes it fails.
    this.ready.catch(() => {});
    worker.on('message', (m: FromWriter) => {
      this.lastActivity = Date.now();
      if (!Array.isArray(m)) return markReady();
      for (const a of m) {
        const p = this.pending.get(a.id);
        if (!p) continue;
        this.pending.delete(a.id);
        this.answered++;
        if (a.ok) p.resolve(a.value);
        else p.reject(errorFromThread(a.error));
      }
    });
    worker.on('error', (err) => {
      failReady(err);
      this.fail(worker, err);
    });
    worker.on('exit', (code) => {
      const err = new Error(`The database writer stopped (exit code ${code}).`);
      failReady(err);
      this.fail(worker, err);
    });
    this.worker = worker;
    this.started++;
    this.lastActivity = Date.now();
    this.watchIdle(this.idleAfterMs);
    return worker;
  }

  /** Looks again when the quiet spell could be over; never keeps the process alive. */
  private watchIdle(ms: number): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.worker || this.closing) return;
      const quietFor = Date.now() - this.lastActivity;
      // A write in flight (or a start not yet answered) keeps it, whatever the clock says.
      if (this.pending.size > 0 || quietFor < this.idleAfterMs) return this.watchIdle(Math.max(this.idleAfterMs - quietFor, 50));
      this.retire(this.worker);
    }, ms);
    this.idleTimer.unref();
  }

  /**
   * Nothing is pending, so every write this thread ran is committed and answered. It is detached
   * first — the next write starts a new thread at once — and then closes its connection and ends.
   */
  private retire(worker: Worker): void {
    this.worker = null;
    const gone: Promise<void> = endWorker(worker).finally(() => this.retiring.delete(gone));
    this.retiring.add(gone);
  }

  /** The thread is gone: what it held is failed, and the next write starts a new one. */
  private fail(worker: Worker, error: unknown): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.answered += this.pending.size;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
