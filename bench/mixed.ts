/**
 * Issue 11, item 2: no write blocks the event loop. While one client creates children at full
 * speed (the create scenario's load), a second client saves its profile and the settings and reads
 * the orphan list. Its list reads are timed alone first, then under the create load; the goal is a
 * p99 within 2× of the reads alone, and no request (of either client) over 5 s — the SQLite busy
 * timeout that a write waiting for the lock on the event loop would show as.
 */
import autocannon from 'autocannon';

export const SLOW_MS = 5_000;

interface Timings {
  ms: number[];
  failed: number;
}

export interface MixedSide {
  reads: Timings;
  saves: Timings;
  /** Creates answered per second (0 without the create load). */
  createsPerSecond: number;
  createsFailed: number;
  /** Requests of either client that took longer than SLOW_MS. */
  slow: number;
}

export interface MixedResult {
  alone: MixedSide;
  loaded: MixedSide;
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** One connection's worth of one client: call after call until the deadline, each timed. */
async function loop(base: string, headers: Record<string, string>, deadline: number, next: (i: number) => Call, into: Timings): Promise<void> {
  for (let i = 0; performance.now() < deadline; i++) {
    const call = next(i);
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${call.path}`, {
        method: call.method,
        headers: call.body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      await res.arrayBuffer();
      if (!res.ok) into.failed++;
    } catch {
      into.failed++;
    }
    into.ms.push(performance.now() - t0);
  }
}

/** The second client: one connection saving (profile, settings, in turn), one reading the list. */
function secondClient(base: string, headers: Record<string, string>, admin: { email: string }, seconds: number, randomPage: () => number) {
  const deadline = performance.now() + seconds * 1000;
  const reads: Timings = { ms: [], failed: 0 };
  const saves: Timings = { ms: [], failed: 0 };
  const save = (i: number): Call =>
    i % 2 === 0
      ? { method: 'PUT', path: '/api/profile', body: { name: `Bench Admin ${i}`, email: admin.email } }
      : { method: 'PUT', path: '/api/settings', body: { organization_name: `Orphan Care ${i}`, maintenance_mode: '0' } };
  const read = (): Call => ({ method: 'GET', path: `/api/orphans?per_page=10&page=${randomPage()}` });
  const done = Promise.all([loop(base, headers, deadline, save, saves), loop(base, headers, deadline, read, reads)]);
  return { done, reads, saves };
}

/** The create load, as the create scenario runs it; counts its answers slower than SLOW_MS. */
function createLoad(options: autocannon.Options, seconds: number) {
  let slow = 0;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: 10, ...options, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (responseTime > SLOW_MS) slow++;
    });
  });
  return { finished, slow: () => slow };
}

const slowIn = (t: Timings) => t.ms.filter((ms) => ms > SLOW_MS).length;

export async function runMixed(opts: {
  base: string;
  headers: Record<string, string>;
  admin: { email: string };
  createOptions: autocannon.Options;
  seconds: number;
  randomPage: () => number;
}): Promise<MixedResult> {
  const { base, headers, admin, seconds, randomPage } = opts;
  const alone = secondClient(base, headers, admin, seconds, randomPage);
  await alone.done;
  const creates = createLoad(opts.createOptions, seconds);
  const loaded = secondClient(base, headers, admin, seconds, randomPage);
  const [, created] = await Promise.all([loaded.done, creates.finished]);
  return {
    alone: { reads: alone.reads, saves: alone.saves, createsPerSecond: 0, createsFailed: 0, slow: slowIn(alone.reads) + slowIn(alone.saves) },
    loaded: {
      reads: loaded.reads,
      saves: loaded.saves,
      createsPerSecond: created.requests.average,
      createsFailed: created.non2xx + created.errors + created.timeouts,
      slow: slowIn(loaded.reads) + slowIn(loaded.saves) + creates.slow(),
    },
  };
}

export function percentile(ms: number[], p: number): number {
  if (!ms.length) return NaN;
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function printMixed(r: MixedResult): void {
  const f = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en'));
  const readP99 = [percentile(r.alone.reads.ms, 99), percentile(r.loaded.reads.ms, 99)] as const;
  const ratio = readP99[1] / readP99[0];
  const rows: string[][] = [
    ['', 'alone', 'with creates'],
    ['list reads', `${r.alone.reads.ms.length}`, `${r.loaded.reads.ms.length}`],
    ['list read p50 ms', f(percentile(r.alone.reads.ms, 50)), f(percentile(r.loaded.reads.ms, 50))],
    ['list read p99 ms', f(readP99[0]), f(readP99[1])],
    ['profile/settings saves', `${r.alone.saves.ms.length}`, `${r.loaded.saves.ms.length}`],
    ['save p99 ms', f(percentile(r.alone.saves.ms, 99)), f(percentile(r.loaded.saves.ms, 99))],
    ['creates/s', '-', f(r.loaded.createsPerSecond)],
    ['failed (reads/saves/creates)', `${r.alone.reads.failed}/${r.alone.saves.failed}/-`, `${r.loaded.reads.failed}/${r.loaded.saves.failed}/${r.loaded.createsFailed}`],
    [`requests over ${SLOW_MS / 1000} s`, `${r.alone.slow}`, `${r.loaded.slow}`],
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log('\nMixed load: a second client saves profile/settings and reads the list, alone and while another creates children at full speed\n');
  for (const row of rows) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]! + 2))).join(''));
  const meets = ratio <= 2 && r.loaded.slow === 0;
  console.log(`\nreaders' p99 under the create load: ${ratio.toFixed(2)}× alone (goal ≤ 2×), ${r.loaded.slow} over ${SLOW_MS / 1000} s (goal 0): ${meets ? 'meets' : 'DOES NOT MEET'} the goal`);
}
