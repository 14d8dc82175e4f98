/**
 * The orphan-sort scenarios of `npm run bench`: a random page of the list in a random one of the
 * orders it offers, and a search in a random order, each at 10,000 and at 100,000 children in
 * the same run. Every order is read from an index (migration 0010), so the larger table should
 * keep at least two thirds of the smaller one's rate; printSortComparison prints the two side by
 * side. The 10,000-child database has a server of its own, started exactly as the main one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type autocannon from 'autocannon';
import { ORPHAN_SORTS } from '@app/shared/schemas/orphan.schema';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareDatabase } from '../apps/server/src/db/bootstrap.ts';
import { LAST_NAMES_DARI, LAST_NAMES_LATIN } from '../apps/server/src/db/demo/afghan-names.ts';
import { rng, seedChildren } from './seed.ts';

const SMALL = 10_000;
/** Any page of the 10,000-child list (10 a page): the same pages are asked of both tables, so only the table's size differs. */
const PAGES = SMALL / 10;
/** The share of the small table's rate the large one must keep. */
const KEEP = 2 / 3;
const LIST_NAME = 'sorts: random page in a random offered order';
const SEARCH_NAME = 'sorts: search a last name (~1 %), random order, pages 1-3';
const LAST_NAMES = [...LAST_NAMES_LATIN, ...LAST_NAMES_DARI];

interface SortScenario {
  name: string;
  server: ChildProcess;
  target: null;
  options: autocannon.Options;
}

export interface SortBench {
  /** Where the run keeps its databases. */
  dir: string;
  /** The main server (its table has `children` children) and how to reach it. */
  server: ChildProcess;
  base: string;
  headers: Record<string, string>;
  children: number;
  /** The main server's environment (database, storage, first admin): the small one differs only in its database and port. */
  env: Record<string, string>;
  port: number;
  /** Processes the run stops at its end. */
  started: ChildProcess[];
  signIn(base: string): Promise<string>;
  waitFor(url: string): Promise<void>;
}

const label = (n: number) => `(${n.toLocaleString('en')} children)`;

/** The sort scenarios for both tables, or none when BENCH_ONLY names another scenario. */
export async function sortScenarios(b: SortBench): Promise<SortScenario[]> {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  if (only && !LIST_NAME.toLowerCase().includes(only) && !SEARCH_NAME.toLowerCase().includes(only)) return [];
  const dbPath = path.join(b.dir, 'bench-small.db');
  const env: Record<string, string> = { ...b.env, DATABASE_URL: dbPath };
  const { database } = await prepareDatabase(loadConfig({ ...env, NODE_ENV: 'production' }, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD }));
  await database.destroy();
  seedChildren(dbPath, SMALL);

  const [command, ...args] = b.server.spawnargs;
  const small = spawn(command!, args, {
    cwd: process.cwd(),
    env: { ...process.env, ...env, PORT: String(b.port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  b.started.push(small);
  const smallBase = `http://127.0.0.1:${b.port}`;
  await b.waitFor(`${smallBase}/api/health`);
  const smallHeaders = { ...b.headers, Authorization: `Bearer ${await b.signIn(smallBase)}` };

  const r = rng(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const page = () => 1 + Math.floor(r() * PAGES);
  const listPath = () => `/api/orphans?per_page=10&sort=${pick(ORPHAN_SORTS)}&page=${page()}`;
  const searchPath = () => `/api/orphans?search=${encodeURIComponent(pick(LAST_NAMES))}&sort=${pick(ORPHAN_SORTS)}&page=${1 + Math.floor(r() * 3)}`;
  const scenario = (name: string, server: ChildProcess, url: string, headers: Record<string, string>, next: () => string): SortScenario => ({
    name,
    server,
    target: null,
    options: { url, headers, requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }] },
  });
  return [
    scenario(`${LIST_NAME} ${label(SMALL)}`, small, smallBase, smallHeaders, listPath),
    scenario(`${LIST_NAME} ${label(b.children)}`, b.server, b.base, b.headers, listPath),
    scenario(`${SEARCH_NAME} ${label(SMALL)}`, small, smallBase, smallHeaders, searchPath),
    scenario(`${SEARCH_NAME} ${label(b.children)}`, b.server, b.base, b.headers, searchPath),
  ];
}

/** Each sort scenario's rate at both sizes, and whether the large table keeps two thirds of the small one's. */
export function printSortComparison(rows: Array<{ name: string; rps: number; non2xx: number; errors: number }>, children: number): void {
  const lines: string[] = [];
  for (const name of [LIST_NAME, SEARCH_NAME]) {
    const small = rows.find((row) => row.name === `${name} ${label(SMALL)}`);
    const large = rows.find((row) => row.name === `${name} ${label(children)}`);
    if (!small || !large) continue;
    const kept = large.rps / small.rps;
    const clean = small.non2xx + small.errors + large.non2xx + large.errors === 0;
    lines.push(
      `${name}: ${Math.round(small.rps).toLocaleString('en')} req/s at ${SMALL.toLocaleString('en')}, ${Math.round(large.rps).toLocaleString('en')} at ${children.toLocaleString('en')} children` +
        ` = ${(kept * 100).toFixed(0)} % kept (≥ ${(KEEP * 100).toFixed(0)} % wanted): ${kept >= KEEP && clean ? 'yes' : 'NO'}`,
    );
  }
  if (lines.length) console.log(`\nOrphan sorts from indexes, side by side:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
