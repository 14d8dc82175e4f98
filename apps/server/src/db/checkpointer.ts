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
 */
export const RESTART_AFTER_FRAMES = 20_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 0');
let timer;
const tick = () => {
  let next = workerData.intervalMs;
  try {
    const passive = db.pragma('wal_checkpoint(PASSIVE)')[0];
    if (passive.log >= workerData.restartAfterFrames) {
      db.pragma('busy_timeout = ' + workerData.restartWaitMs);
      try {
        if (db.pragma('wal_checkpoint(RESTART)')[0].busy) next = workerData.retryMs;
      } finally {
        db.pragma('busy_timeout = 0');
      }
    }
  } catch (err) {
    if (err.code !== 'SQLITE_BUSY') parentPort.postMessage(String(err));
  }
  timer = setTimeout(tick, next);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on('message', () => { clearTimeout(timer); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, onError: (message: string) => void, intervalMs = 200, restartAfterFrames = RESTART_AFTER_FRAMES): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs, restartAfterFrames, restartWaitMs: 20, retryMs: 10 } });
  worker.on('message', (m: string) => onError(m));
  worker.on('error', (err) => onError(String(err)));
  // Never keeps the process alive on its own.
  worker.unref();
  let stopped: Promise<void> | null = null;
  return {
    // Idempotent: a second call waits for the same exit.
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      })),
  };
}
