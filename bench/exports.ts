/**
 * Excel exports (issue 15), in `npm run bench` (`BENCH_ONLY=exports` runs only these):
 * - memory: the server's peak RSS while it streams the Orphans List of 100,000 children against
 *   its peak while it streams 10,000 of them (an admission-date filter picks the first 10,000),
 *   each read as fast as it comes; the export must not grow with rows (≤ 1.3× wanted);
 * - speed: rows per second of `POST /api/export/orphans` (reading the database, converting, zipping,
 *   sending) against exceljs's own streaming WorkbookWriter fed the same 100,000 rows, already in
 *   memory and already converted, into a sink that drops the bytes (≥ 0.7× wanted).
 * Both in the same run, so the machine's load counts alike on both sides.
 */
import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { orphanColumns } from '../apps/server/src/modules/exports/export-columns.ts';
import type { OrphanExportRow } from '../apps/server/src/modules/exports/exports.repository.ts';
import { peakRssDuring, treeRssMb } from './process-tree.ts';

const NAME = 'exports: orphans list 10,000 vs 100,000, against exceljs alone';
const SMALL = 10_000;
const RSS_GROWTH = 1.3;
const SPEED_SHARE = 0.7;

export function exportsWanted(): boolean {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return !only || NAME.toLowerCase().includes(only);
}

interface Download {
  status: number;
  bytes: number;
  seconds: number;
}

/** POST an export and read the answer as it arrives, keeping only its length (the bench holds no file). */
async function download(base: string, headers: Record<string, string>, body: unknown): Promise<Download> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/export/orphans`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', Accept: '*/*' }, body: JSON.stringify(body) });
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  return { status: res.status, bytes, seconds: (performance.now() - t0) / 1000 };
}

/** The rows the API exports, straight from the file, in its order (last name, first name, id). */
function readRows(dbPath: string): OrphanExportRow[] {
  const db = new SQLite(dbPath, { readonly: true });
  const rows = db
    .prepare(
      `select id, first_name, last_name, father_name, gender, dob, class_grade, admission_date, status, medical_condition, guardian_name,
        guardian_relationship, guardian_contact, phone_number, address, school_id_number, donor_name, donor_last_name
       from orphans where deleted_at is null order by last_name, first_name, id`,
    )
    .all() as OrphanExportRow[];
  db.close();
  return rows;
}

/** The 10,000th admission date: children admitted on or before it are (about) the first 10,000. */
function smallSetFilter(dbPath: string): { admission_end: string; count: number } {
  const db = new SQLite(dbPath, { readonly: true });
  const { d } = db.prepare('select admission_date as d from orphans where deleted_at is null order by admission_date limit 1 offset ?').get(SMALL - 1) as { d: string };
  const { n } = db.prepare('select count(*) as n from orphans where deleted_at is null and admission_date <= ?').get(d) as { n: number };
  db.close();
  return { admission_end: d, count: n };
}

const FORMATS: Record<string, string> = { date: 'yyyy-mm-dd', schoolGrade: '[=0]"PREP";0' };

/** exceljs alone: the same sheet (views, column formats, bold heading), fed converted rows, into a sink. */
async function exceljsAlone(rows: ExcelJS.CellValue[][], columns: ReturnType<typeof orphanColumns>): Promise<{ seconds: number; bytes: number }> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const t0 = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Orphans', { views: [{ rightToLeft: false, state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ key: c.heading, width: c.width, style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {} }));
  const header = sheet.addRow(columns.map((c) => c.heading));
  header.font = { bold: true };
  header.commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return { seconds: (performance.now() - t0) / 1000, bytes };
}

/** The API's cells for a row, made before the clock starts: exceljs alone is given finished values. */
function cellsOf(columns: ReturnType<typeof orphanColumns>, row: OrphanExportRow): ExcelJS.CellValue[] {
  return columns.map((c) => {
    const v = c.value(row);
    if (v === null || v === '') return null;
    if (c.kind === 'date' && typeof v === 'string') return new Date(`${v.slice(0, 10)}T00:00:00Z`);
    return v;
  });
}

export async function printExports(b: { base: string; headers: Record<string, string>; serverPid: number | undefined; dbPath: string; children: number }): Promise<void> {
  if (!exportsWanted()) return;
  process.stdout.write(`  running ${NAME} ...\n`);
  const lines: string[] = [];
  const small = smallSetFilter(b.dbPath);
  const smallBody = { admission_end: small.admission_end };

  const before = treeRssMb(b.serverPid);
  // Unmeasured first: loads exceljs in the server and warms the path.
  await download(b.base, b.headers, smallBody);
  if (before !== null) lines.push(`server RSS before the first export: ${before.toFixed(0)} MB`);
  const smallRun = await peakRssDuring(b.serverPid, () => download(b.base, b.headers, smallBody), 20);
  const largeRun = await peakRssDuring(b.serverPid, () => download(b.base, b.headers, {}), 20);
  for (const [label, run] of [[`${small.count.toLocaleString('en')} children`, smallRun], [`${b.children.toLocaleString('en')} children`, largeRun]] as const) {
    const d = run.result;
    lines.push(`${label}: status ${d.status}, ${(d.bytes / 1024 / 1024).toFixed(1)} MB in ${d.seconds.toFixed(2)} s, server peak RSS ${run.peakMb === null ? '-' : `${run.peakMb.toFixed(0)} MB`}`);
  }
  if (smallRun.peakMb !== null && largeRun.peakMb !== null) {
    const growth = largeRun.peakMb / smallRun.peakMb;
    lines.push(`peak RSS ${b.children.toLocaleString('en')} / ${small.count.toLocaleString('en')}: ${growth.toFixed(2)}× (≤ ${RSS_GROWTH}× wanted): ${growth <= RSS_GROWTH && largeRun.result.status === 200 ? 'yes' : 'NO'}`);
  }

  const columns = orphanColumns('en', new Date().toISOString().slice(0, 10));
  const rows = readRows(b.dbPath).map((r) => cellsOf(columns, r));
  await exceljsAlone(rows.slice(0, SMALL), columns); // warm-up
  const alone = await exceljsAlone(rows, columns);
  const apiRate = rows.length / largeRun.result.seconds;
  const aloneRate = rows.length / alone.seconds;
  const share = apiRate / aloneRate;
  lines.push(
    `rows/s: API ${Math.round(apiRate).toLocaleString('en')} (${rows.length.toLocaleString('en')} rows), exceljs alone ${Math.round(aloneRate).toLocaleString('en')} ` +
      `(${(alone.bytes / 1024 / 1024).toFixed(1)} MB) = ${(share * 100).toFixed(0)} % (≥ ${SPEED_SHARE * 100} % wanted): ${share >= SPEED_SHARE ? 'yes' : 'NO'}`,
  );
  console.log(`\nExports (issue 15):\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
