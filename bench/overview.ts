/**
 * The overview scenario of `npm run bench` (issue 15 item 4), seeded only when it runs
 * (BENCH_ONLY unset or naming it): twelve months of attendance up to last month for 29 of every
 * 30 children (the 30th is missing last month, a pending task) and six results each with exam
 * dates over the last eleven months, one child in 200 with an exam in the next weeks — 1.7
 * million rows at 100,000 children, written straight into the SQLite file. Then
 * GET /api/dashboard/data as the signed-in Super Admin (every card, list, chart and Recent
 * Activity) must reach a quarter of the ceiling's req/s in the same run; one child by id, the
 * cheapest signed-in read, is measured beside it as the floor every request pays. Also printed: how long
 * the first answer after a change takes (the figures computed again, decision 0027's cost) next to a
 * kept one.
 */
import SQLite from 'better-sqlite3';
import type autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { gradeForScore } from '@app/shared/grade-bands';
import { randomChild, rng } from './seed.ts';

const NAME = 'overview: GET /api/dashboard/data, every card, list and chart';
/** The same run's floor: the cheapest signed-in read there is, one child by id (what every API request pays). */
const FLOOR = 'overview floor: GET /api/orphans/:id, one child';
const CEILING_SHARE = 0.25;
const RESULTS_PER_CHILD = 6;

/** Whether this run measures the overview (and so must seed for it). */
export function overviewWanted(): boolean {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return !only || NAME.toLowerCase().includes(only) || FLOOR.toLowerCase().includes(only);
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function seedOverview(sqlitePath: string, children: number): { attendances: number; results: number; seconds: number } {
  const t0 = Date.now();
  const db = new SQLite(sqlitePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const r = rng(41);
  const now = new Date();
  const at = now.toISOString();
  // The academics scenarios may have seeded some of these months already: theirs are kept.
  const month = db.prepare(`insert or ignore into attendances (orphan_id, month, year, present_days, absent_days, late_days, excused_days, absence_reasons, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const result = db.prepare(`insert into results (orphan_id, result_type, subject, term, exam_date, year, grade, total, average, score, created_at, updated_at)
    values (?, 'education', ?, 'Final', ?, ?, ?, 100, ?, ?, ?, ?)`);
  const months = Array.from({ length: 12 }, (_, i) => new Date(now.getFullYear(), now.getMonth() - 12 + i, 1));
  let attendances = 0;
  let results = 0;
  const chunk = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) {
      for (const [i, m] of months.entries()) {
        if (i === months.length - 1 && id % 30 === 0) continue;
        const absent = r() < 0.3 ? 1 + Math.floor(r() * 3) : 0;
        const late = r() < 0.2 ? 1 : 0;
        attendances += month.run(id, m.getMonth() + 1, m.getFullYear(), 16 + Math.floor(r() * 5), absent, late, r() < 0.1 ? 1 : 0, absent + late ? 'Illness' : null, at, at).changes;
      }
      for (let k = 0; k < RESULTS_PER_CHILD; k++) {
        const date = iso(new Date(now.getFullYear(), now.getMonth() - Math.floor(r() * 11), 1 + Math.floor(r() * 28)));
        const score = 30 + Math.floor(r() * 70);
        result.run(id, ['Mathematics', 'Dari', 'Science', 'English'][k % 4], date > iso(now) ? iso(now) : date, Number(date.slice(0, 4)), gradeForScore(score), score, score, at, at);
        results += 1;
      }
      if (id % 200 === 0) {
        result.run(id, 'Dari', iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1 + Math.floor(r() * 28))), now.getFullYear(), 'A', 85, 85, at, at);
        results += 1;
      }
    }
  });
  for (let from = 1; from <= children; from += 5000) chunk(from, Math.min(children, from + 4999));
  db.exec('analyze');
  db.close();
  return { attendances, results, seconds: (Date.now() - t0) / 1000 };
}

interface Scenario {
  name: string;
  server: ChildProcess;
  target: null;
  options: autocannon.Options;
}

export function overviewScenarios(b: { server: ChildProcess; base: string; headers: Record<string, string>; children: number }): Scenario[] {
  if (!overviewWanted()) return [];
  const r = rng(17);
  return [
    { name: NAME, server: b.server, target: null, options: { url: `${b.base}/api/dashboard/data`, headers: b.headers } },
    {
      name: FLOOR,
      server: b.server,
      target: null,
      options: { url: b.base, headers: b.headers, requests: [{ setupRequest: (req) => ({ ...req, path: `/api/orphans/${1 + Math.floor(r() * b.children)}` }) }] },
    },
  ];
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - t0, bytes: body.byteLength };
}

/** The overview's share of the ceiling, and the cost of its first answer after a change against a kept one. */
export async function printOverview(rows: Array<{ name: string; rps: number; non2xx: number; errors: number; cpuPerRequest: number | null }>, b: { base: string; headers: Record<string, string> }): Promise<void> {
  if (!overviewWanted()) return;
  const row = rows.find((x) => x.name === NAME);
  if (!row) return;
  const floor = rows.find((x) => x.name === FLOOR);
  const ceiling = rows[0]!;
  const share = row.rps / ceiling.rps;
  const ok = share >= CEILING_SHARE && row.non2xx + row.errors === 0;
  const url = `${b.base}/api/dashboard/data`;
  const kept = await timed(url, b.headers);
  // A change to a child moves the version on: the next answer computes every figure again.
  const created = await fetch(`${b.base}/api/orphans`, { method: 'POST', headers: { ...b.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(randomChild(rng(5))) });
  if (created.status !== 201) throw new Error(`create before the recompute: ${created.status}`);
  const recomputed = await timed(url, b.headers);
  const again = await timed(url, b.headers);
  console.log(
    `\nOverview (issue 15):\n` +
      `  ${NAME}: ${Math.round(row.rps).toLocaleString('en')} req/s = ${(share * 100).toFixed(0)} % of the ceiling's ${Math.round(ceiling.rps).toLocaleString('en')} (≥ ${CEILING_SHARE * 100} % wanted): ${ok ? 'yes' : 'NO'}` +
      `${row.cpuPerRequest === null ? '' : `; server CPU ${Math.round(row.cpuPerRequest)} µs a request (ceiling ${Math.round(ceiling.cpuPerRequest ?? 0)} µs)`}\n` +
      (floor ? `  the floor in the same run, one child by id: ${Math.round(floor.rps).toLocaleString('en')} req/s = ${((floor.rps / ceiling.rps) * 100).toFixed(0)} % of the ceiling${floor.cpuPerRequest === null ? '' : `, ${Math.round(floor.cpuPerRequest)} µs a request`}\n` : '') +
      `  answer ${kept.bytes.toLocaleString('en')} bytes; one request with the figures kept: ${kept.ms.toFixed(1)} ms; the first after a child is created (every figure computed again): ${recomputed.ms.toFixed(0)} ms; the next: ${again.ms.toFixed(1)} ms`,
  );
}
