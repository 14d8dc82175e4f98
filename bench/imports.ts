/**
 * The import's three budgets (issue "Bring the existing records in"), in one run:
 * - previewing 50,000 rows (POST /api/imports) takes at most 3× what exceljs's streaming reader
 *   alone takes to read the same workbook (read here, in the bench's own process);
 * - the server's peak memory while previewing 50,000 rows is at most 1.3× that at 5,000;
 * - committing 10,000 children takes at most 3× inserting the same rows straight into a fresh
 *   database of the same schema (one transaction, one prepared statement, better-sqlite3).
 * Each preview and the commit get a fresh database and a server started by `npm start`.
 * BENCH_IMPORT_ROWS (default 5000,50000) and BENCH_IMPORT_COMMIT (10000) set the sizes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareDatabase } from '../apps/server/src/db/bootstrap.ts';
import type { StartedServer } from './npm-start.ts';
import { peakRssDuring, treeRssMb } from './process-tree.ts';
import { randomChild, rng } from './seed.ts';
import { signIn } from './sign-in.ts';

const [SMALL, LARGE] = (process.env.BENCH_IMPORT_ROWS || '5000,50000').split(',').map(Number) as [number, number];
const COMMIT_ROWS = Number(process.env.BENCH_IMPORT_COMMIT || 10_000);
const BUDGET = { preview: 3, memory: 1.3, commit: 3 };

export interface ImportBenchContext {
  dir: string;
  base: string;
  port: number;
  dataKey: string;
  admin: { email: string; password: string };
  start: (env: Record<string, string>, url: string) => Promise<StartedServer>;
  load: () => string;
}

const HEADINGS = ['First name', 'Last name', 'Father name', 'Grandfather name', 'DOB', 'Gender', 'Admission date', 'Grade', 'Address'];

/** A workbook as exceljs writes one: a heading row and `rows` valid children, each named apart. */
async function writeWorkbook(file: string, rows: number): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = book.addWorksheet('Children');
  sheet.addRow(HEADINGS).commit();
  const r = rng(rows);
  for (let i = 0; i < rows; i++) {
    const c = randomChild(r);
    sheet.addRow([c.first_name, c.last_name, c.father_name, c.grandfather_name, c.dob, c.gender, c.admission_date, c.class_grade, `Street ${i + 1}, Kabul`]).commit();
  }
  sheet.commit();
  await book.commit();
}

/**
 * exceljs alone reading the workbook as the import reads it (streamed, first sheet, every row's
 * values), in this process: its time, and how far this process's memory rose meanwhile.
 */
async function exceljsAlone(file: string): Promise<{ ms: number; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([readFileSync(file)]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let cells = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) cells += (row.values as unknown[]).length;
    break;
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  if (!cells) throw new Error('exceljs read no cells');
  return { ms, growthMb: (Math.max(peak, process.memoryUsage().rss) - before) / 1048576 };
}

interface Served {
  server: StartedServer;
  dbPath: string;
  headers: Record<string, string>;
  siteId: number;
}

async function freshServer(ctx: ImportBenchContext, name: string): Promise<Served> {
  const dbPath = path.join(ctx.dir, `import-${name}.db`);
  const env = { DATABASE_URL: dbPath, STORAGE_DIR: path.join(ctx.dir, `import-${name}-storage`), ADMIN_EMAIL: ctx.admin.email, ADMIN_PASSWORD: ctx.admin.password, DATA_KEY: ctx.dataKey };
  const { database } = await prepareDatabase(loadConfig({ ...env, NODE_ENV: 'production' }, { adminEmail: ctx.admin.email, adminPassword: ctx.admin.password }));
  await database.destroy();
  const db = new SQLite(dbPath, { readonly: true });
  const siteId = (db.prepare('select id from sites order by id limit 1').get() as { id: number }).id;
  db.close();
  const server = await ctx.start({ ...env, PORT: String(ctx.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, `${ctx.base}/api/health`);
  const headers = { Authorization: `Bearer ${await signIn(ctx.base, ctx.admin.email, ctx.admin.password)}`, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  return { server, dbPath, headers, siteId };
}

async function upload(ctx: ImportBenchContext, s: Served, file: string): Promise<{ id: number; rows: number; errors: number }> {
  const form = new FormData();
  form.append('kind', 'orphans');
  form.append('site_id', String(s.siteId));
  form.append('file', new Blob([readFileSync(file)]), path.basename(file));
  const res = await fetch(`${ctx.base}/api/imports`, { method: 'POST', headers: s.headers, body: form });
  const body = (await res.json()) as { data: { import: { id: number; row_count: number; error_count: number } } };
  if (res.status !== 201) throw new Error(`the preview answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { id: body.data.import.id, rows: body.data.import.row_count, errors: body.data.import.error_count };
}

/** A preview on a fresh server: its time, the server's memory before it, and the peak while it runs. */
async function preview(ctx: ImportBenchContext, file: string, rows: number) {
  const s = await freshServer(ctx, `preview-${rows}`);
  try {
    const beforeMb = treeRssMb(s.server.pid) ?? NaN;
    const t0 = performance.now();
    const { result, peakMb } = await peakRssDuring(s.server.pid, () => upload(ctx, s, file), 50);
    const ms = performance.now() - t0;
    if (result.rows !== rows) throw new Error(`the preview read ${result.rows} rows of ${rows}`);
    return { ms, beforeMb, peakMb: peakMb ?? NaN, errors: result.errors };
  } finally {
    await s.server.stop();
  }
}

/** The commit of `rows` children, then the same rows inserted straight into a fresh database. */
async function commitAgainstDirect(ctx: ImportBenchContext, file: string, rows: number) {
  const s = await freshServer(ctx, `commit-${rows}`);
  let commitMs: number;
  try {
    const { id } = await upload(ctx, s, file);
    const t0 = performance.now();
    const res = await fetch(`${ctx.base}/api/imports/${id}/commit`, { method: 'POST', headers: { ...s.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ duplicates: 'skip', valid_rows_only: true }) });
    const body = (await res.json()) as { data?: { created: number } };
    commitMs = performance.now() - t0;
    if (res.status !== 200) throw new Error(`the commit answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  } finally {
    await s.server.stop();
  }
  // The rows as the commit stored them, inserted again into a fresh database of the same schema.
  const source = new SQLite(s.dbPath, { readonly: true });
  const stored = source.prepare('select * from orphans order by id').all() as Array<Record<string, unknown>>;
  source.close();
  const target = path.join(ctx.dir, `import-direct-${rows}.db`);
  const env = { DATABASE_URL: target, STORAGE_DIR: path.join(ctx.dir, 'import-direct-storage'), ADMIN_EMAIL: ctx.admin.email, ADMIN_PASSWORD: ctx.admin.password, DATA_KEY: ctx.dataKey };
  const { database } = await prepareDatabase(loadConfig({ ...env, NODE_ENV: 'production' }, { adminEmail: ctx.admin.email, adminPassword: ctx.admin.password }));
  await database.destroy();
  const db = new SQLite(target);
  db.pragma('journal_mode = WAL');
  const columns = Object.keys(stored[0]!).filter((c) => c !== 'id');
  const insert = db.prepare(`insert into orphans (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
  const t0 = performance.now();
  db.transaction(() => {
    for (const row of stored) insert.run(row);
  })();
  const directMs = performance.now() - t0;
  db.close();
  return { commitMs, directMs, created: stored.length };
}

const s1 = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (n: number) => `${Math.round(n)} MB`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** Runs the three measurements and prints them with their budgets; answers whether all were met. */
export async function importBench(ctx: ImportBenchContext): Promise<boolean> {
  console.log(`\nImports (${ctx.load()}): workbooks of ${SMALL.toLocaleString('en')} and ${LARGE.toLocaleString('en')} rows previewed, ${COMMIT_ROWS.toLocaleString('en')} committed`);
  const files = new Map<number, string>();
  for (const n of new Set([SMALL, LARGE, COMMIT_ROWS])) {
    const file = path.join(ctx.dir, `children-${n}.xlsx`);
    await writeWorkbook(file, n);
    files.set(n, file);
  }
  // The smaller file first: what exceljs's own memory does as the rows grow, beside the server's.
  const aloneSmall = await exceljsAlone(files.get(SMALL)!);
  const alone = await exceljsAlone(files.get(LARGE)!);
  const aloneMs = alone.ms;
  const small = await preview(ctx, files.get(SMALL)!, SMALL);
  const large = await preview(ctx, files.get(LARGE)!, LARGE);
  const commit = await commitAgainstDirect(ctx, files.get(COMMIT_ROWS)!, COMMIT_ROWS);
  const ratios = { preview: large.ms / aloneMs, memory: large.peakMb / small.peakMb, commit: commit.commitMs / commit.directMs };
  console.log(`  exceljs alone reading ${LARGE.toLocaleString('en')} rows: ${s1(aloneMs)} (its own memory rising +${mb(alone.growthMb)}; +${mb(aloneSmall.growthMb)} reading ${SMALL.toLocaleString('en')})`);
  for (const [n, p] of [[SMALL, small], [LARGE, large]] as const) {
    console.log(`  preview of ${n.toLocaleString('en').padStart(6)} rows: ${s1(p.ms)}; server memory ${mb(p.beforeMb)} before, peak ${mb(p.peakMb)} (+${mb(p.peakMb - p.beforeMb)})${p.errors ? `, ${p.errors} rows with errors` : ''}`);
  }
  console.log(`  commit of ${commit.created.toLocaleString('en')} children: ${s1(commit.commitMs)}; the same rows inserted directly: ${s1(commit.directMs)}`);
  const checks: Array<[string, number, number]> = [
    [`preview of ${LARGE.toLocaleString('en')} rows ÷ exceljs alone`, ratios.preview, BUDGET.preview],
    [`peak memory previewing ${LARGE.toLocaleString('en')} ÷ ${SMALL.toLocaleString('en')}`, ratios.memory, BUDGET.memory],
    [`commit of ${COMMIT_ROWS.toLocaleString('en')} children ÷ inserting them directly`, ratios.commit, BUDGET.commit],
  ];
  let ok = true;
  for (const [text, ratio, budget] of checks) {
    console.log(`budget: ${text} ≤ ${budget}: ×${ratio.toFixed(2)} — ${verdict(ratio <= budget)}`);
    ok &&= ratio <= budget;
  }
  return ok;
}
