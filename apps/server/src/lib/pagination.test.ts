import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { pageMeta } from './pagination.ts';

it('pageMeta: the numbers of a page, from/to 1-based and null past the end', () => {
  expect(pageMeta(25, 2, 10)).toEqual({ current_page: 2, last_page: 3, per_page: 10, total: 25, from: 11, to: 20 });
  expect(pageMeta(25, 3, 10)).toMatchObject({ from: 21, to: 25 });
  expect(pageMeta(25, 4, 10)).toMatchObject({ last_page: 3, from: null, to: null });
  expect(pageMeta(0, 1, 10)).toMatchObject({ last_page: 1, total: 0, from: null, to: null });
});

it('every paged list answers its numbers through pageMeta: no service writes them by hand', () => {
  const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');
  const byHand = readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .filter((f) => /\blast_page:/.test(readFileSync(path.join(modules, f), 'utf8')));
  expect(byHand).toEqual([]);
});
