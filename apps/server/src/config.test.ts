import os from 'node:os';
import { expect, it } from 'vitest';
import { loadConfig } from './config.ts';

it('runs one process on SQLite and one per core on PostgreSQL, unless WEB_CONCURRENCY says otherwise', () => {
  expect(loadConfig({ DATABASE_URL: 'data/app.db' }).workers).toBe(1);
  expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }).workers).toBe(Math.min(os.availableParallelism(), 16));
  expect(loadConfig({ DATABASE_URL: 'data/app.db', WEB_CONCURRENCY: '3' }).workers).toBe(3);
  expect(loadConfig({ DATABASE_URL: 'data/app.db', WEB_CONCURRENCY: 'lots' }).workers).toBe(1);
});
