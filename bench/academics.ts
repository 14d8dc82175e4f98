/**
 * The results-and-attendance scenarios of `npm run bench` (issue 13), seeded only when they run
 * (BENCH_ONLY unset or naming them): twelve months of attendance (2025) and twenty results
 * (2023-2025, the three types) for every child — 3.2 million rows at 100,000 children, written
 * straight into the SQLite file with one prepared statement per table in large transactions.
 * Four reads, each to reach a quarter of the ceiling's req/s in the same run: one grade's month
 * of attendance, one child's results, and both per-child summaries, each child's answers kept in
 * the database as a real install keeps them (`keepChildAnswers`); beside them, with no target,
 * the per-child reads as a browser asks and the cheapest signed-in call. Then one batch of 600
 * children's month against 600 single creates of the same size, timed in the same run: the batch
 * must take at most a tenth of the time.
 */
import SQLite from 'better-sqlite3';
import type autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { COURSE_TERMS, COURSE_TYPES, EDUCATION_TERMS } from '@app/shared/constants';
import { gradeForScore } from '@app/shared/grade-bands';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { backfillAttendanceAnswersFrom } from '../apps/server/src/modules/attendance/attendance.writes.ts';
import { backfillResultAnswersFrom } from '../apps/server/src/modules/results/results.writes.ts';
import { BROWSER_ENCODINGS } from './browser.ts';
import { rng } from './seed.ts';

const PREFIX = 'academics:';
const NAMES = {
  attendanceList: `${PREFIX} attendance list, one month and grade`,
  resultsList: `${PREFIX} results list, one child`,
  resultsSummary: `${PREFIX} results summary of a child`,
  attendanceSummary: `${PREFIX} attendance summary of a child`,
};
/**
 * The per-child reads asked as a browser asks them (a child's answers of 4 KB or more are stored
 * as gzip and go as they are, decision 0046): shown beside them, no target. The rows above send
 * no Accept-Encoding: those answers are inflated for them.
 */
const AS_BROWSER = ', as a browser asks';
/**
 * The cheapest signed-in call, beside them with no target: the token check, the security
 * headers and the access rule, then the signed-in user from memory (no database read). Each read
 * above is this plus its own work, so this row is the most any of them could reach in the run.
 */
const SIGNED_IN_FLOOR = `${PREFIX} the cheapest signed-in call (GET /api/auth/user)`;
/** The per-child reads: each one's name and path for a child. */
const PER_CHILD: Array<[string, (child: number) => string]> = [
  [NAMES.resultsList, (id) => `/api/results?orphan_id=${id}`],
  [NAMES.resultsSummary, (id) => `/api/orphans/${id}/results`],
  [NAMES.attendanceSummary, (id) => `/api/orphans/${id}/attendance-summary`],
];
const SEED_YEAR = 2025;
const RESULTS_PER_CHILD = 20;
const BATCH_CHILDREN = 600;
/** The share of the ceiling each read must reach, and the most a batch may take of the singles' time. */
const CEILING_SHARE = 0.25;
const BATCH_SHARE = 0.1;

/** Whether this run measures these scenarios (and so must seed for them). */
export function academicsWanted(): boolean {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return !only || `${PREFIX} ${Object.values(NAMES).join(' ')} batch`.toLowerCase().includes(only);
}

/** Twelve months and twenty results for each of the first `children` children (ids 1..children). */
export function seedAcademics(sqlitePath: string, children: number): { attendances: number; results: number; seconds: number } {
  const t0 = Date.now();
  const db = new SQLite(sqlitePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const r = rng(99);
  const now = new Date().toISOString();
  const month = db.prepare(`insert into attendances (orphan_id, month, year, present_days, absent_days, late_days, excused_days, absence_reasons, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const result = db.prepare(`insert into results (orphan_id, result_type, subject, term, exam_date, year, grade, total, average, score,
      ethics_score, uniform_score, relationship_score, course_type, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const pad = (n: number) => String(n).padStart(2, '0');
  const chunk = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) {
      for (let m = 1; m <= 12; m++) {
        const absent = r() < 0.3 ? 1 + Math.floor(r() * 3) : 0;
        const late = r() < 0.2 ? 1 : 0;
        month.run(id, m, SEED_YEAR, 18 + Math.floor(r() * 4), absent, late, r() < 0.1 ? 1 : 0, absent + late ? 'Illness' : null, now, now);
      }
      for (let k = 0; k < RESULTS_PER_CHILD; k++) {
        const year = SEED_YEAR - (k % 3);
        const date = `${year}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
        const score = 30 + Math.floor(r() * 70);
        const type = k % 10 < 6 ? 'education' : k % 10 < 8 ? 'discipline' : 'course';
        if (type === 'education') result.run(id, type, pick(['Mathematics', 'Dari', 'Science', 'English']), pick(EDUCATION_TERMS), date, year, gradeForScore(score), 100, score, score, null, null, null, null, now, now);
        else if (type === 'discipline') result.run(id, type, 'Conduct', null, date, year, gradeForScore(score), null, null, score, 8, 9, 7, null, now, now);
        else result.run(id, type, 'Course', pick(COURSE_TERMS), date, year, gradeForScore(score), 100, null, score, null, null, null, pick(COURSE_TYPES), now, now);
      }
    }
  });
  for (let from = 1; from <= children; from += 5000) chunk(from, Math.min(children, from + 4999));
  db.exec('analyze');
  db.close();
  return { attendances: children * 12, results: children * RESULTS_PER_CHILD, seconds: (Date.now() - t0) / 1000 };
}

/**
 * Every child's kept answers (decision 0042) as a real install has them once its start-up fill
 * is done: the server's own backfill write procedures, run in large transactions straight on the
 * file (no server runs yet). Called once every seed that writes results or attendance is done.
 */
export async function keepChildAnswers(sqlitePath: string): Promise<{ children: number; seconds: number }> {
  const t0 = Date.now();
  const database = openDatabase({ dialect: 'sqlite', databaseUrl: sqlitePath, sqlitePath });
  let children = 0;
  try {
    // As migration 0024 leaves a database that had records: both backfills to run (this one seeded them after).
    await database.db.updateTable('counters').set({ value: 1 }).where('name', 'in', ['results_answers_backfill', 'attendance_answers_backfill']).execute();
    for (const procedure of [backfillResultAnswersFrom, backfillAttendanceAnswersFrom]) {
      for (let after: number | null = 0; after !== null; ) {
        const from: number = after;
        const done = await database.db.transaction().execute((trx) => procedure.run(trx, { after: from, scan: 5000, limit: 5000 }));
        if (procedure === backfillResultAnswersFrom) children += done.filled;
        after = done.next;
      }
    }
  } finally {
    await database.destroy();
  }
  return { children, seconds: (Date.now() - t0) / 1000 };
}

interface Scenario {
  name: string;
  server: ChildProcess;
  target: null;
  options: autocannon.Options;
}

/** The four reads, at random children, grades, months and (first five) pages; the three per-child ones again as a browser asks; the floor. */
export function academicScenarios(b: { server: ChildProcess; base: string; headers: Record<string, string>; children: number }): Scenario[] {
  if (!academicsWanted()) return [];
  const r = rng(13);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const child = () => int(1, b.children);
  const scenario = (name: string, next: () => string, headers = b.headers): Scenario => ({ name, server: b.server, target: null, options: { url: b.base, headers, requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }] } });
  const browser = { ...b.headers, 'Accept-Encoding': BROWSER_ENCODINGS };
  return [
    scenario(NAMES.attendanceList, () => `/api/attendances?month=${int(1, 12)}&year=${SEED_YEAR}&class_grade=${int(0, 12)}&per_page=10&page=${int(1, 5)}`),
    ...PER_CHILD.map(([name, path]) => scenario(name, () => path(child()))),
    ...PER_CHILD.map(([name, path]) => scenario(name + AS_BROWSER, () => path(child()), browser)),
    scenario(SIGNED_IN_FLOOR, () => '/api/auth/user'),
  ];
}

const counts = () => ({ present_days: 20, absent_days: 1, late_days: 0, excused_days: 0, absence_reasons: 'Illness' });

type Json = Record<string, string>;

/** One batch of `ids`' month of `year`; answers whether it was stored. */
async function postBatch(base: string, json: Json, ids: number[], month: number, year: number): Promise<boolean> {
  const res = await fetch(`${base}/api/attendances/batch`, { method: 'POST', headers: json, body: JSON.stringify({ month, year, rows: ids.map((orphan_id) => ({ orphan_id, ...counts() })) }) });
  await res.arrayBuffer();
  return res.ok;
}

/** `ids`' month of `year` as single creates, ten at a time as the bench's connections; answers how many failed. */
async function postSingles(base: string, json: Json, ids: number[], month: number, year: number): Promise<number> {
  const queue = [...ids];
  let failures = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const res = await fetch(`${base}/api/attendances`, { method: 'POST', headers: json, body: JSON.stringify({ orphan_id: id, month, year, ...counts() }) });
        await res.arrayBuffer();
        if (res.status !== 201) failures += 1;
      }
    }),
  );
  return failures;
}

const BATCH_ROUNDS = 3;
/** A year with no seeded attendance: the bench's is of SEED_YEAR, the overview's of the last 12 months. */
const BATCH_YEAR = 2024;

/**
 * One batch of 600 children's month against 600 single creates of another 600 children's same
 * month (months of BATCH_YEAR), in three rounds (January to March); each must answer 2xx.
 * Both paths run once untimed first (BATCH_YEAR's December, other children): a first call pays for
 * compiling its code and, after 30 s without writes, for starting the writer thread again
 * (decision 0035); the singles would pay that once in 600 requests, the batch in its only one.
 */
async function timeBatchAgainstSingles(base: string, headers: Json): Promise<{ rounds: Array<{ batchMs: number; singlesMs: number }>; failures: number }> {
  const json = { ...headers, 'Content-Type': 'application/json' };
  const ids = (from: number) => Array.from({ length: BATCH_CHILDREN }, (_, i) => from + i + 1);
  let failures = 0;
  if (!(await postBatch(base, json, ids(2 * BATCH_CHILDREN), 12, BATCH_YEAR))) failures += BATCH_CHILDREN;
  failures += await postSingles(base, json, ids(3 * BATCH_CHILDREN).slice(0, 20), 12, BATCH_YEAR);
  const rounds: Array<{ batchMs: number; singlesMs: number }> = [];
  for (let month = 1; month <= BATCH_ROUNDS; month++) {
    const t0 = performance.now();
    if (!(await postBatch(base, json, ids(0), month, BATCH_YEAR))) failures += BATCH_CHILDREN;
    const batchMs = performance.now() - t0;
    const t1 = performance.now();
    failures += await postSingles(base, json, ids(BATCH_CHILDREN), month, BATCH_YEAR);
    rounds.push({ batchMs, singlesMs: performance.now() - t1 });
  }
  return { rounds, failures };
}

/** Each read's share of the ceiling, and the batch against the singles. */
export async function printAcademics(rows: Array<{ name: string; rps: number; non2xx: number; errors: number }>, b: { base: string; headers: Record<string, string> }): Promise<void> {
  if (!academicsWanted()) return;
  const ceiling = rows[0]!.rps;
  const lines: string[] = [];
  for (const name of Object.values(NAMES)) {
    const row = rows.find((x) => x.name === name);
    if (!row) continue;
    const share = row.rps / ceiling;
    const ok = share >= CEILING_SHARE && row.non2xx + row.errors === 0;
    lines.push(`${name}: ${Math.round(row.rps).toLocaleString('en')} req/s = ${(share * 100).toFixed(0)} % of the ceiling's ${Math.round(ceiling).toLocaleString('en')} (≥ ${CEILING_SHARE * 100} % wanted): ${ok ? 'yes' : 'NO'}`);
  }
  /** A row printed beside the judged ones, with no target: its share of the ceiling and what it is. */
  const beside = (name: string, what: string) => {
    const row = rows.find((x) => x.name === name);
    if (row) lines.push(`${name} (${what}): ${Math.round(row.rps).toLocaleString('en')} req/s = ${((row.rps / ceiling) * 100).toFixed(0)} % of the ceiling`);
  };
  for (const [name] of PER_CHILD) beside(name + AS_BROWSER, `Accept-Encoding: ${BROWSER_ENCODINGS}; beside it, no target`);
  beside(SIGNED_IN_FLOOR, 'the floor under every read above; no target');
  const t = await timeBatchAgainstSingles(b.base, b.headers);
  const ratios = t.rounds.map((x) => x.batchMs / x.singlesMs);
  const median = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)]!;
  lines.push(
    `batch of ${BATCH_CHILDREN} children's month against ${BATCH_CHILDREN} single creates, ${t.rounds.length} rounds: ` +
      t.rounds.map((x, i) => `${x.batchMs.toFixed(0)} / ${x.singlesMs.toFixed(0)} ms = ${(ratios[i]! * 100).toFixed(1)} %`).join('; ') +
      `; median ${(median * 100).toFixed(1)} % (≤ ${BATCH_SHARE * 100} % wanted): ${median <= BATCH_SHARE && t.failures === 0 ? 'yes' : 'NO'}${t.failures ? ` (${t.failures} failed)` : ''}`,
  );
  console.log(`\nResults and attendance (issue 13):\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
