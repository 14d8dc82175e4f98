import { stat } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Background WAL checkpoints for SQLite (decisions 0008, 0009). Copying the WAL back into the
 * database file costs fsyncs and tens of milliseconds; done in-line by a committing request
 * (SQLite's auto-checkpoint), it stops that process for as long. A worker thread with its own
 * connection does it instead:
 * - every tick, a PASSIVE checkpoint copies what it can without waiting for, or blocking, anyone;
 * - SQLite starts the WAL file over only when a writer begins after *every* frame was copied,
 *   which never happens while writes keep coming. So once the WAL holds RESTART_AFTER_FRAMES, a
 *   RESTART checkpoint takes the write lock between two commits (waiting at most 20 ms for it,
 *   tried again shortly otherwise), copies the few frames left, and the next writer starts over.
 *   Batched writers meanwhile wait on a timer (db/write-batcher.ts); the event loop does not.
 * The in-line auto-checkpoint (db/sqlite-connection.ts) stays as a safety net above that.
 *
 * The thread runs only while there is something to copy: after IDLE_AFTER_MS with the WAL
 * unchanged and fully copied it closes its connection and ends, and the next change to the WAL
 * file (looked at every few ticks, a stat on libuv's pool) starts it again. A thread is a V8
 * instance of its own, about 10 MB resident; an idle server does not keep one waiting (decision
 * 0020). Starting one takes tens of milliseconds on its own thread, so a write that follows a
 * quiet spell waits for nothing; its frames are copied from the next tick on.
 */
export const RESTART_AFTER_FRAMES = 20_000;
export const IDLE_AFTER_MS = 10_000;

const WORKER_SOURCE = `
const { statSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 0');
const walTime = () => { try { return statSync(workerData.file + '-wal').mtimeMs; } catch { return 0; } };
let timer;
let lastLog = -1;
let quietSince = Date.now();
const tick = () => {
  let next = workerData.intervalMs;
  // Read before the check: a write after this time shows as a newer WAL to the server's watch.
  const walTimeBefore = walTime();
  try {
    const passive = db.pragma('wal_checkpoint(PASSIVE)')[0];
    if (passive.log !== lastLog || passive.checkpointed < passive.log) quietSince = Date.now();
    lastLog = passive.log;
    if (passive.log >= workerData.restartAfterFrames) {
      db.pragma('busy_timeout = ' + workerData.restartWaitMs);
      try {
        if (db.pragma('wal_checkpoint(RESTART)')[0].busy) next = workerData.retryMs;
      } finally {
        db.pragma('busy_timeout = 0');
      }
    }
  } catch (err) {
    quietSince = Date.now();
    if (err.code !== 'SQLITE_BUSY') parentPort.postMessage(String(err));
  }
  if (Date.now() - quietSince >= workerData.idleAfterMs) {
    db.close();
    parentPort.postMessage({ idleAt: walTimeBefore });
    parentPort.close();
    return;
  }
  timer = setTimeout(tick, next);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on('message', () => { clearTimeout(timer); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
  /** Whether the thread is running now (it ends when idle). */
  running(): boolean;
}

export function startCheckpointer(
  file: string,
  onError: (message: string) => void,
  intervalMs = 200,
  restartAfterFrames = RESTART_AFTER_FRAMES,
  idleAfterMs = IDLE_AFTER_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const workerData = { file, driver, intervalMs, restartAfterFrames, idleAfterMs, restartWaitMs: 20, retryMs: 10 };
  let worker: Worker | null = null;
  /** The WAL file's modification time when the last thread ended idle; a newer one wakes the next. */
  let idleAt: number | null = null;
  let stopped: Promise<void> | null = null;

  const start = () => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData });
    w.on('message', (m: string | { idleAt: number }) => (typeof m === 'string' ? onError(m) : (idleAt = m.idleAt)));
    w.on('error', (err) => onError(String(err)));
    w.on('exit', () => {
      if (worker === w) worker = null;
    });
    // Never keeps the process alive on its own.
    w.unref();
    worker = w;
  };
  const watch = setInterval(() => {
    if (worker || stopped) return;
    stat(`${file}-wal`, (err, s) => {
      if (!err && !worker && !stopped && s.mtimeMs !== idleAt) start();
    });
  }, intervalMs * 5);
  watch.unref();

  return {
    running: () => worker !== null,
    // Idempotent: a second call waits for the same exit.
    stop: () =>
      (stopped ??= (async () => {
        clearInterval(watch);
        const w = worker;
        if (!w) return;
        const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
        w.postMessage('stop');
        await exited;
      })()),
  };
}
