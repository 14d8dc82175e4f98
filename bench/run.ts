/**
 * `npm run bench`: 100,000 children in a fresh SQLite database, the real server started by
 * `npm start` as production starts it, autocannon at 10 connections against list / filter /
 * search / get / create, a mixed load (bench/mixed.ts), and a bare Fastify route in the same run
 * as the ceiling; then what `npm start` holds in memory (idle on a fresh database, peak under
 * load) and how long a restart takes to answer. Never part of `npm test`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareDatabase } from '../apps/server/src/db/bootstrap.ts';
import { printMixed, runMixed } from './mixed.ts';
import { buildIfStale, npmStart, type StartedServer } from './npm-start.ts';
import { peakRssDuring, settledIdle, treeCpuMs, type treeProcesses } from './process-tree.ts';
import { randomChild, rng, seedChildren } from './seed.ts';
import { printSortComparison, sortScenarios } from './sorts.ts';
import { academicScenarios, academicsWanted, keepChildAnswers, printAcademics, seedAcademics } from './academics.ts';
import { galleryScenarios, galleryWanted, printGallery, seedGallery } from './gallery.ts';
import { overviewScenarios, overviewWanted, printOverview, seedOverview } from './overview.ts';
import { printExports } from './exports.ts';
import { signIn } from './sign-in.ts';
import { runStaffLoad, staffWanted } from './staff.ts';
import { lighthouseWanted, runLighthouse } from './lighthouse.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHILDREN = Number(process.env.BENCH_CHILDREN || 100_000);
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 10;
const ADMIN = { email: 'bench@example.org', password: 'bench-password-1' };
const SERVER_PORT = 18_000 + Math.floor(Math.random() * 1000);
const CEILING_PORT = SERVER_PORT + 1;
/** The longest a just-started server is left alone for its memory to settle before it is read. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS || 60);

interface Scenario {
  name: string;
  /** The process (and everything it started) that serves it: its CPU time and memory are measured. */
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
  /** The serving processes' highest RSS in all while the scenario ran (warm-up included), MB. */
  peakRssMb: number | null;
  target: Scenario['target'];
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

/** The bench's admin signed in. */
const signInAdmin = (base: string) => signIn(base, ADMIN.email, ADMIN.password);

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  // The public pages' Lighthouse scores need no seeded children: asked for alone, it runs alone.
  if (process.env.BENCH_ONLY?.toLowerCase().startsWith('lighthouse')) {
    await runLighthouse(SERVER_PORT + 4);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-bench-'));
  const children: ChildProcess[] = [];
  /** Servers started by `npm start`: stopped with all they started. */
  const servers: StartedServer[] = [];
  const stop = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    return Promise.all(servers.map((s) => s.stop()));
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    const dbPath = path.join(dir, 'bench.db');
    const env = { DATABASE_URL: dbPath, STORAGE_DIR: path.join(dir, 'storage'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const serverEnv = { ...env, PORT: String(SERVER_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const base = `http://127.0.0.1:${SERVER_PORT}`;

    // What `npm start` holds idle on a fresh database, and how long that first start takes
    // (migrations, seed, hashing the first admin's password). Built first: no start here pays for a build.
    buildIfStale();
    const fresh = await npmStart({ ...serverEnv, DATABASE_URL: path.join(dir, 'fresh.db'), STORAGE_DIR: path.join(dir, 'fresh-storage') }, `${base}/api/health`);
    servers.push(fresh);
    const idleFresh = await settledIdle(fresh.pid, IDLE_SECONDS);
    await fresh.stop();

    const t0 = Date.now();
    const { database } = await prepareDatabase(loadConfig({ ...env, NODE_ENV: 'production' }, { adminEmail: ADMIN.email, adminPassword: ADMIN.password }));
    await database.destroy();
    seedChildren(dbPath, CHILDREN);
    console.log(`Seeded ${CHILDREN.toLocaleString('en')} children in ${((Date.now() - t0) / 1000).toFixed(1)} s (${dbPath})`);
    if (academicsWanted()) {
      const a = seedAcademics(dbPath, CHILDREN);
      console.log(`Seeded ${a.attendances.toLocaleString('en')} attendance records and ${a.results.toLocaleString('en')} results in ${a.seconds.toFixed(1)} s (bench/academics.ts)`);
    }
    if (galleryWanted()) seedGallery(dbPath);
    if (overviewWanted()) {
      const o = seedOverview(dbPath, CHILDREN);
      console.log(`Seeded ${o.attendances.toLocaleString('en')} attendance records and ${o.results.toLocaleString('en')} results for the overview in ${o.seconds.toFixed(1)} s (bench/overview.ts)`);
    }
    if (academicsWanted() || overviewWanted()) {
      const k = await keepChildAnswers(dbPath);
      console.log(`Kept the academic answers of ${k.children.toLocaleString('en')} children in ${k.seconds.toFixed(1)} s (bench/academics.ts)`);
    }

    // BENCH_PROFILE=<dir>: each server process writes a V8 CPU profile there when it stops.
    const profile: Record<string, string> = process.env.BENCH_PROFILE ? { NODE_ARGS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}` } : {};
    const started = await npmStart({ ...serverEnv, ...profile }, `${base}/api/health`);
    servers.push(started);
    const server = started.process;
    const ceiling = fork(path.join(ROOT, 'bench/ceiling-server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PORT: String(CEILING_PORT), WEB_CONCURRENCY: String(serverProcesses()) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(ceiling);
    await waitFor(`http://127.0.0.1:${CEILING_PORT}/`);
    const token = await signInAdmin(base);
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
    scenarios.push(...academicScenarios({ server, base, headers, children: CHILDREN }));
    scenarios.push(...galleryScenarios({ server, base, headers }));
    scenarios.push(...overviewScenarios({ server, base, headers, children: CHILDREN }));
    scenarios.push(...(await sortScenarios({ dir, server, base, headers, children: CHILDREN, env, port: SERVER_PORT + 2, started: children, signIn: signInAdmin, waitFor })));

    const rows: Row[] = [];
    // BENCH_ONLY=search (a part of a scenario name) runs the ceiling and the matching scenarios.
    const only = process.env.BENCH_ONLY?.toLowerCase();
    for (const s of scenarios.filter((sc, i) => i === 0 || !only || sc.name.toLowerCase().includes(only))) {
      process.stdout.write(`  running ${s.name} ...`);
      // Each scenario is measured in its steady state: a short unmeasured run first warms the JIT
      // for its code path and the caches it reads.
      const { result, peakMb } = await peakRssDuring(s.server.pid, async () => {
        await run({ ...s.options, duration: WARMUP_SECONDS });
        const cpuBefore = treeCpuMs(s.server.pid);
        const res = await run(s.options);
        const cpuAfter = treeCpuMs(s.server.pid);
        return { res, cpuBefore, cpuAfter };
      });
      const { res, cpuBefore, cpuAfter } = result;
      const cpuPerRequest = cpuBefore === null || cpuAfter === null || !res.requests.total ? null : ((cpuAfter - cpuBefore) * 1000) / res.requests.total;
      const peakRssMb = s.server === ceiling ? null : peakMb;
      rows.push({ name: s.name, rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99, errors: res.errors + res.timeouts, non2xx: res.non2xx, cpuPerRequest, peakRssMb, target: s.target });
      process.stdout.write(` ${Math.round(res.requests.average)} req/s\n`);
    }
    printTable(rows);
    printSortComparison(rows, CHILDREN);
    await printAcademics(rows, { base, headers });
    await printGallery(rows, { base, headers, serverPid: started.pid, dir, childId: CHILDREN });
    await printOverview(rows, { base, headers });
    await printExports({ base, headers, serverPid: started.pid, dbPath, children: CHILDREN });

    if (!only || MIXED_NAME.includes(only)) {
      process.stdout.write(`  running ${MIXED_NAME} (${DURATION} s alone, then ${DURATION} s beside the creates) ...\n`);
      const createOptions = scenarios.find((sc) => sc.name === 'create (JSON)')!.options;
      const { result, peakMb } = await peakRssDuring(started.pid, () => runMixed({ base, headers, admin: ADMIN, createOptions, seconds: DURATION, randomPage: () => randInt(1, 50) }));
      printMixed(result);
      if (peakMb !== null) console.log(`peak RSS of the server processes meanwhile: ${Math.round(peakMb)} MB`);
    }

    // A restart on the loaded database: from `npm start` to the first page of the list (signed
    // in with the token issued before, so the answer needs the database).
    buildIfStale();
    await started.stop();
    const restarted = await npmStart(serverEnv, `${base}/api/orphans?per_page=10`, headers);
    servers.push(restarted);
    const idleLoaded = await settledIdle(restarted.pid, IDLE_SECONDS);
    printMemory({ idleFresh, freshStartMs: fresh.startMs, rows, restartMs: restarted.startMs, idleLoaded });
    await restarted.stop();
    // 50 staff for 60 s on each database, on servers of their own (bench/staff.ts).
    if (staffWanted()) await runStaffLoad(SERVER_PORT + 3);
    // Mobile Lighthouse scores of home, contact and login, on a server of its own (bench/lighthouse.ts).
    if (lighthouseWanted()) await runLighthouse(SERVER_PORT + 4);
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const MIXED_NAME = 'mixed: list reads and profile/settings saves beside full-speed creates';

/** Issue 11: everything `npm start` leaves running idles at ≤ 150 MB RSS on a fresh database; a restart answers within 3 s. */
type Idle = { processes: ReturnType<typeof treeProcesses>; seconds: number };
function printMemory(m: { idleFresh: Idle; freshStartMs: number; rows: Row[]; restartMs: number; idleLoaded: Idle }) {
  const mb = (n: number) => `${Math.round(n)} MB`;
  const total = (idle: Idle) => idle.processes.reduce((sum, p) => sum + p.rssMb, 0);
  const idle = total(m.idleFresh);
  const peak = m.rows.filter((r) => r.peakRssMb !== null).sort((a, b) => b.peakRssMb! - a.peakRssMb!)[0];
  console.log(`\nWhat \`npm start\` leaves running (RSS of every process, summed), its start and restart\n`);
  console.log(`idle on a fresh database, settled ${m.idleFresh.seconds} s after its first answer: ${mb(idle)} (goal ≤ 150 MB): ${idle <= 150 ? 'meets' : 'DOES NOT MEET'} the goal`);
  for (const p of m.idleFresh.processes) console.log(`  ${mb(p.rssMb).padStart(7)}  ${p.command}`);
  console.log(`first start on a fresh database (migrate, seed, first admin) answered after ${(m.freshStartMs / 1000).toFixed(2)} s`);
  if (peak) console.log(`peak under load: ${mb(peak.peakRssMb!)} (${peak.name})`);
  console.log(`restart at ${CHILDREN.toLocaleString('en')} children: first list page ${(m.restartMs / 1000).toFixed(2)} s after \`npm start\` (goal ≤ 3 s): ${m.restartMs <= 3000 ? 'meets' : 'DOES NOT MEET'} the goal`);
  console.log(`idle after that restart, settled after ${m.idleLoaded.seconds} s: ${mb(total(m.idleLoaded))}`);
}

/** As many processes as the server starts with this environment (SQLite: one, unless WEB_CONCURRENCY says otherwise). */
function serverProcesses(): number {
  return loadConfig({ ...process.env, DATABASE_URL: 'bench.db' }).workers;
}

function printTable(rows: Row[]) {
  const ceiling = rows[0]!.rps;
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'server CPU µs/req', 'peak RSS MB', 'target', 'non-2xx/errors', 'meets'];
  const lines = rows.map((r) => {
    const meets = r.target ? r.rps >= r.target.rps && r.p99 <= r.target.p99 && r.non2xx + r.errors === 0 : null;
    return [
      r.name,
      Math.round(r.rps).toLocaleString('en'),
      String(r.p50),
      String(r.p99),
      `${((r.rps / ceiling) * 100).toFixed(0)} %`,
      r.cpuPerRequest === null ? '-' : Math.round(r.cpuPerRequest).toLocaleString('en'),
      r.peakRssMb === null ? '-' : String(Math.round(r.peakRssMb)),
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
