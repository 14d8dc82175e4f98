import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test/until.ts';
import { AppError } from '../lib/app-error.ts';
import { crash, insertValue, notLoaded, refuse, writeRegistry } from '../../test/write-procedures.fixture.ts';
import { ThreadWrites } from './writer-thread.ts';

describe('database writer thread', () => {
  let dir: string;
  let file: string;
  let writes: ThreadWrites;
  const values = () => {
    const db = new SQLite(file, { readonly: true });
    try {
      return (db.prepare('select v from t order by v').all() as Array<{ v: string }>).map((r) => r.v);
    } finally {
      db.close();
    }
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'oc-writer-'));
    file = path.join(dir, 'app.db');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.exec('create table t (v text unique)');
    db.close();
    writes = new ThreadWrites(file, writeRegistry);
  });

  afterEach(async () => {
    await writes.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs procedures on its own connection and answers each caller with its own result', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `child-${String(i).padStart(2, '0')}`);
    const results = await Promise.all(names.map((v) => writes.run(insertValue, { v })));
    expect(results.map((r) => r.v)).toEqual(names);
    expect(new Set(results.map((r) => r.id)).size).toBe(50);
    // Answered means committed: another connection sees every row.
    expect(values()).toEqual(names);
    expect(writes.settled()).toBe(50);
  });

  it('fails a write alone, with its AppError intact, or with the database error and its code', async () => {
    await writes.run(insertValue, { v: 'taken' });
    const [refused, duplicate, fine] = await Promise.allSettled([
      writes.run(refuse, {}),
      writes.run(insertValue, { v: 'taken' }),
      writes.run(insertValue, { v: 'free' }),
    ]);
    expect(refused.status).toBe('rejected');
    const appError = (refused as PromiseRejectedResult).reason;
    expect(appError).toBeInstanceOf(AppError);
    expect(appError).toMatchObject({ status: 422, message: 'The name field is required.', errors: { name: ['The name field is required.'] }, headers: { 'X-Test': '1' } });
    expect((duplicate as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(fine.status).toBe('fulfilled');
    expect(values()).toEqual(['free', 'taken']);
    // Failed writes are answered too: a reader of the count re-reads after them as well.
    expect(writes.settled()).toBe(4);
  });

  it('refuses a procedure it was not given, and arguments that are not plain data', async () => {
    await expect(writes.run(notLoaded, {})).rejects.toThrow('Unknown write procedure: test.not-loaded');
    await expect(writes.run(insertValue, { v: (() => 'x') as unknown as string })).rejects.toThrow(/could not be cloned/);
    await expect(writes.run(insertValue, { v: 'still-works' })).resolves.toMatchObject({ v: 'still-works' });
  });

  it('fails what a dead thread held, and starts a new one for the next write', async () => {
    await writes.run(insertValue, { v: 'before' });
    const before = writes.settled();
    await expect(writes.run(crash, {})).rejects.toThrow(/database writer stopped/);
    expect(writes.settled()).toBe(before + 1);
    await expect(writes.run(insertValue, { v: 'after' })).resolves.toMatchObject({ v: 'after' });
    expect(values()).toEqual(['after', 'before']);
  });

  it('starts before the first write when asked, and says so when it cannot', async () => {
    await expect(writes.start()).resolves.toBeUndefined();
    await expect(writes.start()).resolves.toBeUndefined();
    await expect(writes.run(insertValue, { v: 'first' })).resolves.toMatchObject({ v: 'first' });
    // A database the thread cannot open (a folder), and a registry module that does not exist.
    const unopenable = new ThreadWrites(dir, writeRegistry);
    await expect(unopenable.start()).rejects.toThrow();
    await unopenable.close();
    const unloadable = new ThreadWrites(file, { ...writeRegistry, url: new URL('./no-such-module.ts', import.meta.url).href });
    await expect(unloadable.start()).rejects.toThrow();
    await unloadable.close();
  });

  it('ends its thread after a quiet spell, and the next write starts another and is committed', async () => {
    const quick = new ThreadWrites(file, writeRegistry, 100);
    try {
      await quick.run(insertValue, { v: 'before-quiet' });
      expect(quick.threads()).toEqual({ started: 1, running: true });
      await until('the idle thread ends', () => !quick.threads().running);
      await expect(quick.run(insertValue, { v: 'after-quiet' })).resolves.toMatchObject({ v: 'after-quiet' });
      expect(quick.threads()).toEqual({ started: 2, running: true });
      expect(values()).toEqual(['after-quiet', 'before-quiet']);
    } finally {
      await quick.close();
    }
  });

  it('loses no write that arrives while an idle thread is ending', async () => {
    // A quiet spell as short as the gaps between writes: threads end and start all along.
    const restless = new ThreadWrites(file, writeRegistry, 5);
    const names: string[] = [];
    try {
      for (let i = 0; i < 40; i++) {
        const batch = Array.from({ length: 1 + (i % 3) }, (_, j) => `w-${String(i).padStart(2, '0')}-${j}`);
        names.push(...batch);
        await Promise.all(batch.map((v) => restless.run(insertValue, { v })));
        await new Promise((resolve) => setTimeout(resolve, i % 4 === 0 ? 20 : 0));
      }
      expect(restless.threads().started).toBeGreaterThan(1);
      expect(restless.settled()).toBe(names.length);
    } finally {
      await restless.close();
    }
    expect(values()).toEqual([...names].sort());
  });

  it('finishes and answers the writes it was given before it closes', async () => {
    const pending = Array.from({ length: 20 }, (_, i) => writes.run(insertValue, { v: `last-${i}` }));
    const closed = writes.close();
    await expect(Promise.all(pending)).resolves.toHaveLength(20);
    await closed;
    expect(values()).toHaveLength(20);
    await expect(writes.run(insertValue, { v: 'late' })).rejects.toThrow(/closed/);
  });
});
