/**
 * `npm run bench`: 100,000 children in a fresh SQLite database, the real server in a child
 * process, autocannon at 10 connections against list / filter / search / get / create, and a bare
 * Fastify route in the same run as the ceiling. Never part of `npm test`.
 */
import { execSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareDatabase } from '../apps/server/src/db/bootstrap.ts';
import { randomChild, rng, seedChildren } from './seed.ts';
import { printSortComparison, sortScenarios } from './sorts.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHILDREN = Number(process.env.BENCH_CHILDREN || 100_000);
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 10;
const ADMIN = { email: 'bench@example.org', password: 'bench-password-1' };
const SERVER_PORT = 18_000 + Math.floor(Math.random() * 1000);
const CEILING_PORT = SERVER_PORT + 1;

interface Scenario {
  name: string;
  /** The process (and its cluster workers) that serves it: its CPU time is measured. */
  server: ChildProcess;
  target: { rps: number; p99: number } | null;
  options: autocannon.Options;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU time (every thread of the process and its workers) per request, in µs; null off Linux. */
  cpuPerRequest: number | null;
  target: Scenario['target'];
}

/**
 * CPU time used so far by a process and its children (cluster workers), in ms, from /proc; null
 * where there is none. The VM's req/s swings with its neighbours; CPU per request is far steadier,
 * so it is the figure to compare two builds by.
 */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  // The fields after the command name: state, ppid, ... utime and stime (the 14th and 15th of the line).
  const fields = (p: string) => {
    const line = readFileSync(`/proc/${p}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ');
  };
  try {
    let ticks = 0;
    for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let f: string[];
      try {
        f = fields(p);
      } catch {
        continue; // ended meanwhile
      }
      if (Number(p) === pid || Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null; // no /proc here
  }
}

function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      try {
        const res = await fetch(url);
        if (res.ok) return resolve();
      } catch {
        /* not up yet */
      }
      if (Date.now() - start > timeoutMs) return reject(new Error(`${url} did not come up`));
      setTimeout(tick, 200);
    };
    void tick();
  });
}

async function signIn(base: string): Promise<string> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookie = csrf.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-bench-'));
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    const dbPath = path.join(dir, 'bench.db');
    const env = { DATABASE_URL: dbPath, STORAGE_DIR: path.join(dir, 'storage'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const t0 = Date.now();
    const { database } = await prepareDatabase(loadConfig({ ...env, NODE_ENV: 'production' }, { adminEmail: ADMIN.email, adminPassword: ADMIN.password }));
    await database.destroy();
    seedChildren(dbPath, CHILDREN);
    console.log(`Seeded ${CHILDREN.toLocaleString('en')} children in ${((Date.now() - t0) / 1000).toFixed(1)} s (${dbPath})`);

    // BENCH_PROFILE=<dir>: each server process writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
    const server = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(SERVER_PORT), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(server);
    const ceiling = fork(path.join(ROOT, 'bench/ceiling-server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PORT: String(CEILING_PORT), WEB_CONCURRENCY: String(serverProcesses()) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(ceiling);
    const base = `http://127.0.0.1:${SERVER_PORT}`;
    await Promise.all([waitFor(`${base}/api/health`), waitFor(`http://127.0.0.1:${CEILING_PORT}/`)]);
    const token = await signIn(base);
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

    const r = rng(7);
    const randInt = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
    // 'Ahmadi' is one of 100 last names (50 Latin, 50 Dari): about 1 % of the children.
    const probe = await (await fetch(`${base}/api/orphans?search=ahmadi&per_page=1`, { headers })).json() as { total: number };
    console.log(`Search 'ahmadi' matches ${probe.total} children (${((probe.total / CHILDREN) * 100).toFixed(2)} %)`);

    const scenarios: Scenario[] = [
      { name: 'ceiling: bare Fastify, fixed JSON', server: ceiling, target: null, options: { url: `http://127.0.0.1:${CEILING_PORT}/` } },
      {
        name: 'list, sorted by last name, with total',
        server,
        target: { rps: 2500, p99: 20 },
        options: { url: base, headers, requests: [{ setupRequest: (req) => ({ ...req, path: `/api/orphans?sort=last_name&per_page=10&page=${randInt(1, 50)}` }) }] },
      },
      {
        name: 'filter: gender + grade',
        server,
        target: { rps: 3500, p99: 20 },
        options: {
          url: base,
          headers,
          requests: [{ setupRequest: (req) => ({ ...req, path: `/api/orphans?gender=${r() < 0.5 ? 'male' : 'female'}&class_grade=${randInt(0, 12)}&page=${randInt(1, 5)}` }) }],
        },
      },
      {
        name: 'search: a name matching ~1 %',
        server,
        target: { rps: 1000, p99: 20 },
        options: { url: base, headers, requests: [{ setupRequest: (req) => ({ ...req, path: `/api/orphans?search=${r() < 0.5 ? 'ahmadi' : encodeURIComponent('احمدی')}&page=${randInt(1, 3)}` }) }] },
      },
      {
        name: 'get by id',
        server,
        target: { rps: 5000, p99: 20 },
        options: { url: base, headers, requests: [{ setupRequest: (req) => ({ ...req, path: `/api/orphans/${randInt(1, CHILDREN)}` }) }] },
      },
      {
        name: 'create (JSON)',
        server,
        target: { rps: 1500, p99: 20 },
        options: {
          url: base,
          headers: { ...headers, 'Content-Type': 'application/json' },
          method: 'POST',
          requests: [{ setupRequest: (req) => ({ ...req, method: 'POST', path: '/api/orphans', body: JSON.stringify(randomChild(r)) }) }],
        },
      },
    ];

    // The orphan sorts at 10,000 and CHILDREN children side by side (bench/sorts.ts).
    scenarios.push(...(await sortScenarios({ dir, server, base, headers, children: CHILDREN, env, port: SERVER_PORT + 2, started: children, signIn, waitFor })));

    const rows: Row[] = [];
    // BENCH_ONLY=search (a part of a scenario name) runs the ceiling and the matching scenarios.
    const only = process.env.BENCH_ONLY?.toLowerCase();
    for (const s of scenarios.filter((sc, i) => i === 0 || !only || sc.name.toLowerCase().includes(only))) {
      process.stdout.write(`  running ${s.name} ...`);
      // Each scenario is measured in its steady state: a short unmeasured run first warms the JIT
      // for its code path and the caches it reads.
      await run({ ...s.options, duration: WARMUP_SECONDS });
      const cpuBefore = cpuMs(s.server.pid);
      const res = await run(s.options);
      const cpuAfter = cpuMs(s.server.pid);
      const cpuPerRequest = cpuBefore === null || cpuAfter === null || !res.requests.total ? null : ((cpuAfter - cpuBefore) * 1000) / res.requests.total;
      rows.push({ name: s.name, rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99, errors: res.errors + res.timeouts, non2xx: res.non2xx, cpuPerRequest, target: s.target });
      process.stdout.write(` ${Math.round(res.requests.average)} req/s\n`);
    }
    printTable(rows);
    printSortComparison(rows, CHILDREN);
  } finally {
    stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** As many processes as the server starts with this environment (SQLite: one, unless WEB_CONCURRENCY says otherwise). */
function serverProcesses(): number {
  return loadConfig({ ...process.env, DATABASE_URL: 'bench.db' }).workers;
}

function printTable(rows: Row[]) {
  const ceiling = rows[0]!.rps;
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'server CPU µs/req', 'target', 'non-2xx/errors', 'meets'];
  const lines = rows.map((r) => {
    const meets = r.target ? r.rps >= r.target.rps && r.p99 <= r.target.p99 && r.non2xx + r.errors === 0 : null;
    return [
      r.name,
      Math.round(r.rps).toLocaleString('en'),
      String(r.p50),
      String(r.p99),
      `${((r.rps / ceiling) * 100).toFixed(0)} %`,
      r.cpuPerRequest === null ? '-' : Math.round(r.cpuPerRequest).toLocaleString('en'),
      r.target ? `≥ ${r.target.rps.toLocaleString('en')} req/s, p99 ≤ ${r.target.p99} ms` : '-',
      `${r.non2xx}/${r.errors}`,
      meets === null ? '' : meets ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const processes = serverProcesses();
  console.log(`\n${CHILDREN.toLocaleString('en')} children, ${CONNECTIONS} connections, ${DURATION} s per scenario, SQLite, ${processes} server process${processes === 1 ? '' : 'es'} each (WEB_CONCURRENCY)\n`);
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}

await main();
