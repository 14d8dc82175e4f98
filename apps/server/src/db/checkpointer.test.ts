import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { until } from '../../test/until.ts';
import { startCheckpointer } from './checkpointer.ts';

it('ends its thread once the WAL is copied and quiet, and starts it again on the next write', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-ckpt-idle-'));
  const file = path.join(dir, 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // Only the checkpointer may copy frames back, so "copied" below is its work.
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table t (v text)');
  const insert = sqlite.prepare('insert into t (v) values (?)');
  const errors: string[] = [];
  const copied = () => {
    const [s] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    return s!.log > 0 && s!.log === s!.checkpointed;
  };
  const checkpointer = startCheckpointer(file, (m) => errors.push(m), 10, 20_000, 300);
  try {
    await until('the thread starts for the WAL it finds', checkpointer.running);
    await until('the thread ends, idle', () => !checkpointer.running());

    for (let i = 0; i < 20; i++) insert.run('x'.repeat(2000));
    await until('a write starts it again', checkpointer.running);
    // Our own check above copies too; so ask that the thread is running and the frames are copied.
    await until('the frames are copied back', copied);
    await until('it ends again once quiet', () => !checkpointer.running());
    expect(errors).toEqual([]);
  } finally {
    await checkpointer.stop();
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
