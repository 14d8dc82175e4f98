import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Background WAL checkpoints for SQLite (decision 0008). Copying the WAL back into the database
 * file costs two fsyncs and tens of milliseconds; done in-line by a committing request (SQLite's
 * auto-checkpoint), it stops that process for as long. A worker thread with its own connection
 * runs PASSIVE checkpoints instead — they never wait for, nor block, readers or writers — so the
 * WAL stays short and no request pays for it. The in-line auto-checkpoint stays as a safety net.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { if (err.code !== 'SQLITE_BUSY') parentPort.postMessage(String(err)); }
}, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, onError: (message: string) => void, intervalMs = 200): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  worker.on('message', (m: string) => onError(m));
  worker.on('error', (err) => onError(String(err)));
  // Never keeps the process alive on its own.
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
