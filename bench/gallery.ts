/**
 * The gallery's part of `npm run bench` (issue 14), as ratios measured in one run:
 * - one child's gallery list (1,000 media items seeded straight into the SQLite file), against
 *   the ceiling: at least a quarter of its req/s, asked as before (no Accept-Encoding: the JSON as
 *   it is). The same pages asked as a browser asks them (the kept page goes out as brotli,
 *   decision 0041) are measured beside it, with no target;
 * - a 200 MB upload (POST /api/galleries, streamed) against a bare Node route that streams the same
 *   body to disk: at least half its throughput; the server's peak RSS during it at most 1.2× its
 *   peak during a 20 MB upload (flat, not growing with the file);
 * - the orphan list's p99 while a 1080p transcode runs, against the same list idle: at most 1.5×,
 *   each request timed in µs by a cheap client of its own (autocannon's p99 is whole milliseconds,
 *   too coarse for a 1-2 ms list), the second window only while an encode runs.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, createReadStream, createWriteStream, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { BROWSER_ENCODINGS } from './browser.ts';
import { peakRssDuring } from './process-tree.ts';

const PREFIX = 'gallery:';
const LIST = `${PREFIX} one child's list, 1,000 media`;
/** The same pages asked as a browser asks them (the answer comes as brotli, decision 0041): shown beside it, no target. */
const LIST_BROWSER = `${PREFIX} one child's list, as a browser asks`;
const ITEMS = 1_000;
const CHILD = 1;
const CEILING_SHARE = 0.25;
const THROUGHPUT_SHARE = 0.5;
const RSS_GROWTH = 1.2;
const P99_GROWTH = 1.5;

export function galleryWanted(): boolean {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return !only || `${LIST} upload transcode`.toLowerCase().includes(only);
}

/** 1,000 documents of child 1, newest first by date, as rows only (the list never opens the files). */
export function seedGallery(sqlitePath: string): void {
  const db = new SQLite(sqlitePath);
  const now = new Date().toISOString();
  const insert = db.prepare(`insert into media (orphan_id, media_type, title, description, tags, date, file_name, mime_type, size_bytes, file_path, status, created_at, updated_at)
    values (?, 'document', ?, null, 'school, report', ?, 'report.pdf', 'application/pdf', 1000, ?, 'ready', ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < ITEMS; i++) {
      const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      insert.run(CHILD, `Report ${i + 1}`, day, `gallery/2026/01/bench${String(i).padStart(6, '0')}`, now, now);
    }
  })();
  db.close();
}

export function galleryScenarios(s: { server: ChildProcess; base: string; headers: Record<string, string> }) {
  if (!galleryWanted()) return [];
  let page = 0;
  const pages = { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `/api/galleries?orphan_id=${CHILD}&per_page=24&page=${(page++ % 42) + 1}` }) }] };
  return [
    { name: LIST, server: s.server, target: null, options: { url: s.base, headers: s.headers, ...pages } },
    { name: LIST_BROWSER, server: s.server, target: null, options: { url: s.base, headers: { ...s.headers, 'Accept-Encoding': BROWSER_ENCODINGS }, ...pages } },
  ];
}

/** A file of `bytes` that passes as an MP4 by content (its first box), the rest filler. */
function fakeVideo(file: string, bytes: number): void {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  const chunk = Buffer.alloc(1024 * 1024, 0x5a);
  for (let left = bytes - head.length; left > 0; left -= chunk.length) writeSync(fd, chunk, 0, Math.min(left, chunk.length));
  closeSync(fd);
}

/** POST a file as the gallery's multipart form, streamed from disk; resolves with its status, seconds and answer. */
function postMultipart(url: string, headers: Record<string, string>, fields: Record<string, string>, file: string): Promise<{ status: number; seconds: number; body: string }> {
  const boundary = `bench${Date.now()}`;
  const head = Buffer.from(
    Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + size + tail.length) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - t0) / 1000, body }));
    });
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/** The ceiling of an upload: a bare Node server that streams the request body to a file. */
async function bareUploadSeconds(dir: string, file: string): Promise<number> {
  const server = http.createServer((req, res) => {
    void pipeline(req, createWriteStream(path.join(dir, 'bare-upload.bin'))).then(() => res.end('ok'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  try {
    return (await postMultipart(`http://127.0.0.1:${port}/`, {}, { media_type: 'video' }, file)).seconds;
  } finally {
    server.close();
  }
}

/** Connections of the orphan list's latency sample: the concurrency autocannon used for it before. */
const LIST_CONNECTIONS = 10;
const LIST_WARMUP_SECONDS = 2;
/** Each window's length; several thousand requests at the least (the list answers thousands a second). */
const LIST_WINDOW_SECONDS = Number(process.env.BENCH_P99_SECONDS || 10);
/** How long the upload's transcode (or the encode of BENCH_TRANSCODE_HEIGHT) may take to start before the sample gives up. */
const TRANSCODE_START_TIMEOUT_MS = 300_000;
/** BENCH_TRANSCODE_HEIGHT=1080: the second window waits for that resolution's encode (the heaviest) instead of the first one. */
const TRANSCODE_HEIGHT = process.env.BENCH_TRANSCODE_HEIGHT ?? '';

/** What one window of the orphan list's latency sample saw: each answered request's latency in µs. */
interface LatencySample {
  latenciesUs: number[];
  /** The same latencies by the phase the control was in when each request was sent (the paired reading). */
  byPhase: number[][];
  seconds: number;
  non2xx: number;
  errors: number;
  /** This (the client's) process's CPU time per request, µs: it shares the 2 cores with the server. */
  clientCpuUs: number;
}

/**
 * A closed loop of `connections` keep-alive connections, each sending the next GET as soon as the
 * previous answer has fully arrived, timed with process.hrtime.bigint from the request's write to
 * its answer's last byte. A bare socket and a minimal response reader (status line, Content-Length
 * or chunked) instead of an HTTP client: a few µs of the client's CPU a request, so the client
 * does not take the cores it measures. Ends once `stop.now` is set (in-flight answers are awaited).
 */
async function sampleLatencies(base: string, headers: Record<string, string>, pathFor: () => string, stop: { now: boolean; phase?: number }, connections = LIST_CONNECTIONS): Promise<LatencySample> {
  const { hostname, port } = new URL(base);
  const head = Object.entries({ Host: `${hostname}:${port}`, Connection: 'keep-alive', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  const latenciesUs: number[] = [];
  const byPhase: number[][] = [];
  let non2xx = 0;
  let errors = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const one = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
      let sentAt = 0n;
      let phase = 0;
      let chunks: Buffer[] = [];
      let received = 0;
      /** Bytes the whole answer takes (headers and body), once known; -1: chunked, ends with the last chunk. */
      let total = 0;
      let headerEnd = -1;
      const send = () => {
        if (stop.now) {
          socket.end();
          return resolve();
        }
        chunks = [];
        received = 0;
        total = 0;
        headerEnd = -1;
        phase = stop.phase ?? 0;
        sentAt = process.hrtime.bigint();
        socket.write(`GET ${pathFor()} HTTP/1.1\r\n${head}\r\n`);
      };
      socket.on('connect', send);
      socket.on('data', (data: Buffer) => {
        chunks.push(data);
        received += data.length;
        let whole: Buffer | null = null;
        if (headerEnd < 0) {
          whole = chunks.length === 1 ? data : Buffer.concat(chunks);
          chunks = [whole];
          headerEnd = whole.indexOf('\r\n\r\n');
          if (headerEnd < 0) return;
          const headText = whole.subarray(0, headerEnd).toString('latin1');
          const status = Number(headText.slice(9, 12));
          if (status < 200 || status > 299) non2xx++;
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(headText);
          total = length ? headerEnd + 4 + Number(length[1]) : /\r\ntransfer-encoding:\s*chunked/i.test(headText) ? -1 : headerEnd + 4;
        }
        const done = total >= 0 ? received >= total : (whole ?? Buffer.concat(chunks)).subarray(-7).toString('latin1') === '\r\n0\r\n\r\n';
        if (!done) return;
        const us = Number(process.hrtime.bigint() - sentAt) / 1000;
        latenciesUs.push(us);
        (byPhase[phase] ??= []).push(us);
        send();
      });
      socket.on('error', () => {
        errors++;
        resolve();
      });
      socket.on('close', () => resolve());
    });
  await Promise.all(Array.from({ length: connections }, one));
  const cpu = process.cpuUsage(cpu0);
  return { latenciesUs, byPhase, seconds: Number(process.hrtime.bigint() - t0) / 1e9, non2xx, errors, clientCpuUs: latenciesUs.length ? (cpu.user + cpu.system) / latenciesUs.length : 0 };
}

/** The value below which `q` of the sorted latencies lie (nearest rank), in ms. */
function quantileMs(sortedUs: number[], q: number): number {
  if (!sortedUs.length) return NaN;
  return sortedUs[Math.min(sortedUs.length - 1, Math.ceil(q * sortedUs.length) - 1)]! / 1000;
}

function quantiles(latenciesUs: number[]): { p50: number; p99: number; p999: number; max: number; n: number; text: string } {
  const us = Array.from(Float64Array.from(latenciesUs).sort());
  const [p50, p99, p999] = [0.5, 0.99, 0.999].map((q) => quantileMs(us, q)) as [number, number, number];
  const n = us.length;
  const max = n ? us[n - 1]! / 1000 : NaN;
  return { p50, p99, p999, max, n, text: `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, p99.9 ${p999.toFixed(2)} ms, max ${max.toFixed(2)} ms over ${n.toLocaleString('en')} requests` };
}

function describe(sample: LatencySample): { p50: number; p99: number; p999: number; line: string } {
  const q = quantiles(sample.latenciesUs);
  const line = `${q.text} in ${sample.seconds.toFixed(1)} s (${Math.round(q.n / sample.seconds).toLocaleString('en')} req/s; client CPU ${sample.clientCpuUs.toFixed(1)} µs a request; non-2xx/errors ${sample.non2xx}/${sample.errors})`;
  return { ...q, line };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Each process's parent and CPU ticks (utime + stime), from /proc; empty off Linux. */
function processTable(): Map<number, { ppid: number; ticks: number }> {
  const table = new Map<number, { ppid: number; ticks: number }>();
  let names: string[] = [];
  try {
    names = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return table;
  }
  for (const name of names) {
    const stat = procStat(Number(name));
    if (stat) table.set(Number(name), stat);
  }
  return table;
}

function procStat(pid: number): { ppid: number; ticks: number; stopped: boolean } | null {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = line.slice(line.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), stopped: f[0] === 'T' };
  } catch {
    return null; // ended meanwhile
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

function descendants(root: number | undefined, table = processTable()): number[] {
  if (!root) return [];
  const found = [root];
  for (let i = 0; i < found.length; i++) for (const [pid, p] of table) if (p.ppid === found[i]) found.push(pid);
  return found;
}

/** The node process of the server (`npm start`'s child running server.js). */
function serverNodePid(npmPid: number | undefined): number | undefined {
  return descendants(npmPid).find((pid) => cmdline(pid).includes('server.js'));
}

/** An ffmpeg of the server's making a resolution (libx264), with the height it makes; null when none runs. */
function runningTranscode(npmPid: number | undefined): { pid: number; height: string } | null {
  for (const pid of descendants(npmPid)) {
    const cmd = cmdline(pid);
    if (/(^|\/)ffmpeg /.test(cmd) && cmd.includes('libx264')) return { pid, height: /scale=-?\d+:(-?\d+)/.exec(cmd)?.[1] ?? '?' };
  }
  return null;
}

/** How an encode is scheduled: its nice, policy (SCHED_IDLE or not) and autogroup, from /proc. */
function scheduling(pid: number): string {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = line.slice(line.lastIndexOf(')') + 2).split(' ');
    const policy = ({ '0': 'SCHED_OTHER', '3': 'SCHED_BATCH', '5': 'SCHED_IDLE' } as Record<string, string>)[f[38]!] ?? `policy ${f[38]}`;
    const group = readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
    return `nice ${f[16]}, ${policy}, ${group}`;
  } catch {
    return 'scheduling unknown';
  }
}

/** What else ran in the server's tree during the idle window (a probe or transcode of an earlier upload would spoil it). */
function childCommands(npmPid: number | undefined, nodePid: number | undefined): string[] {
  return descendants(nodePid).filter((pid) => pid !== nodePid && pid !== npmPid).map((pid) => cmdline(pid).split(' ')[0] ?? '?');
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The item's state as the API tells it: processing, ready or failed. */
async function mediaStatus(base: string, headers: Record<string, string>, id: number): Promise<string> {
  try {
    const res = await fetch(`${base}/api/galleries/${id}`, { headers });
    const body = (await res.json()) as { data?: { status?: string } };
    return body.data?.status ?? `HTTP ${res.status}`;
  } catch (err) {
    return `unreachable (${(err as Error).message})`;
  }
}

/**
 * The orphan list's latency idle, then while the server's worker transcodes a 1080p clip, in one
 * run. The second window starts once an ffmpeg encode of the item runs under the server, and
 * ends after LIST_WINDOW_SECONDS or as soon as the job is no longer processing; meanwhile the
 * server's process tree is read every 100 ms, so the window says how much of it an encode covered.
 */
async function listLatencyDuringTranscode(
  b: { base: string; headers: Record<string, string>; serverPid: number | undefined },
  upload: () => Promise<{ status: number; id: number | null }>,
): Promise<string[]> {
  const lines: string[] = [];
  const listPath = () => `/api/orphans?sort=last_name&per_page=10&page=${1 + Math.floor(Math.random() * 50)}`;
  const nodePid = serverNodePid(b.serverPid);
  const window = async (during: (stop: { now: boolean; phase: number }) => Promise<void>) => {
    const stop = { now: false, phase: 0 };
    const sampling = sampleLatencies(b.base, b.headers, listPath, stop);
    await during(stop);
    stop.now = true;
    return sampling;
  };
  const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  // Warm-up, unmeasured: the list's code path and the pages it reads.
  await window(() => wait(LIST_WARMUP_SECONDS * 1000));

  const idleLoad = loadAverage();
  const others = new Set<string>();
  const nodeTicks0 = nodePid ? procStat(nodePid)?.ticks ?? null : null;
  const idle = await window(async () => {
    for (let t = 0; t < LIST_WINDOW_SECONDS * 10; t++) {
      await wait(100);
      for (const c of childCommands(b.serverPid, nodePid)) others.add(c);
    }
  });
  const nodeTicks1 = nodePid ? procStat(nodePid)?.ticks ?? null : null;

  const up = await upload();
  if (up.status !== 201 || up.id === null) {
    lines.push(`orphan list p99 during a transcode: not measured (the 1080p upload answered ${up.status})`);
    return lines;
  }
  const id = up.id;
  // Wait for the worker's first encode (after its probe and poster).
  const waitStart = Date.now();
  const wanted = (e: { pid: number; height: string } | null) => (e && (!TRANSCODE_HEIGHT || e.height === TRANSCODE_HEIGHT) ? e : null);
  let encode = wanted(runningTranscode(b.serverPid));
  while (!encode && Date.now() - waitStart < TRANSCODE_START_TIMEOUT_MS) {
    await wait(100);
    encode = wanted(runningTranscode(b.serverPid));
  }
  if (!encode) {
    lines.push(`orphan list p99 during a transcode: not measured (no encode${TRANSCODE_HEIGHT ? ` of ${TRANSCODE_HEIGHT}p` : ''} started within ${TRANSCODE_START_TIMEOUT_MS / 1000} s; item ${await mediaStatus(b.base, b.headers, id)})`);
    return lines;
  }
  const encodeScheduling = scheduling(encode.pid);
  const serverScheduling = nodePid ? scheduling(nodePid) : 'unknown';
  const heights = new Set<string>([encode.height]);
  let covered = 0;
  let stoppedPolls = 0;
  let polls = 0;
  let endedEarly = '';
  const ffmpegTicks = new Map<number, { first: number; last: number }>();
  const busyLoad = loadAverage();
  const busyNodeTicks0 = nodePid ? procStat(nodePid)?.ticks ?? null : null;
  let current: { pid: number; height: string } | null = encode;
  const busy = await window(async () => {
    const started = Date.now();
    while (Date.now() - started < LIST_WINDOW_SECONDS * 1000) {
      await wait(100);
      polls++;
      const stat = current ? procStat(current.pid) : null;
      if (!stat || !cmdline(current!.pid).includes('libx264')) current = runningTranscode(b.serverPid);
      if (current) {
        covered++;
        heights.add(current.height);
        const now = procStat(current.pid);
        // Stopped by the server while its event loop is busy (modules/gallery/encode-pauses.ts).
        if (now?.stopped) stoppedPolls++;
        const ticks = now?.ticks;
        if (ticks !== undefined) {
          const seen = ffmpegTicks.get(current.pid);
          ffmpegTicks.set(current.pid, { first: seen?.first ?? ticks, last: ticks });
        }
      }
      if (polls % 10 === 0 || !current) {
        const status = await mediaStatus(b.base, b.headers, id);
        if (status !== 'processing') {
          endedEarly = `the job ended (${status}) ${((Date.now() - started) / 1000).toFixed(1)} s into the window`;
          return;
        }
      }
    }
  });
  const busyNodeTicks1 = nodePid ? procStat(nodePid)?.ticks ?? null : null;
  const statusAfter = await mediaStatus(b.base, b.headers, id);

  const idleStats = describe(idle);
  const busyStats = describe(busy);
  const cpuShare = (t0: number | null, t1: number | null, seconds: number) => (t0 === null || t1 === null ? '?' : `${Math.round(((t1 - t0) / CLOCK_TICKS / seconds) * 100)} %`);
  const ffmpegSeconds = [...ffmpegTicks.values()].reduce((s, t) => s + (t.last - t.first), 0) / CLOCK_TICKS;
  const growth = busyStats.p99 / idleStats.p99;
  const coverage = polls ? covered / polls : 0;
  const clean = idle.non2xx + idle.errors + busy.non2xx + busy.errors === 0;
  const enough = Math.min(idle.latenciesUs.length, busy.latenciesUs.length) >= 2000;
  lines.push(`orphan list latency, ${LIST_CONNECTIONS} keep-alive connections in a closed loop, each request timed (hrtime) in µs:`);
  lines.push(`  idle (load ${idleLoad}; server node CPU ${cpuShare(nodeTicks0, nodeTicks1, idle.seconds)} of a core${others.size ? `; also running under the server: ${[...others].join(', ')}` : ''}): ${idleStats.line}`);
  lines.push(`  during the 1080p clip's transcode (load ${busyLoad}; server node CPU ${cpuShare(busyNodeTicks0, busyNodeTicks1, busy.seconds)}, ffmpeg ${Math.round((ffmpegSeconds / busy.seconds) * 100)} % of a core; an encode ran in ${Math.round(coverage * 100)} % of the window's 100 ms polls, stopped by the busy server in ${covered ? Math.round((stoppedPolls / covered) * 100) : 0} % of those, heights ${[...heights].join(', ')}p${endedEarly ? `; ${endedEarly}` : ''}; item ${statusAfter} after it): ${busyStats.line}`);
  lines.push(
    `orphan list p99: ${busyStats.p99.toFixed(2)} ms during a 1080p transcode, ${idleStats.p99.toFixed(2)} ms idle = ${growth.toFixed(2)}× (≤ ${P99_GROWTH}× wanted; p50 ${(busyStats.p50 / idleStats.p50).toFixed(2)}×, p99.9 ${(busyStats.p999 / idleStats.p999).toFixed(2)}×): ${
      growth <= P99_GROWTH && clean && enough && coverage >= 0.95 && !endedEarly ? 'yes' : `NO${!clean ? ' (errors or non-2xx)' : ''}${!enough ? ' (fewer than 2,000 requests in a window)' : ''}${coverage < 0.95 || endedEarly ? ' (the encode did not cover the whole window)' : ''}`
    }`,
  );
  lines.push(`  the encode ran at ${encodeScheduling}; the server at ${serverScheduling}`);
  if (!endedEarly) lines.push(...(await pairedReading(b.serverPid, window)));
  return lines;
}

/** Half-second slices of the paired reading, alternately with the encode paused and running. */
const PAIRED_SLICES = 20;
const PAIRED_SLICE_MS = 500;

/**
 * Beside the verdict, not instead of it: the other sessions' load on the shared cores drifts
 * between two 10 s windows, so the same list is also read in alternating half-seconds of one
 * window, the running encode stopped (SIGSTOP) in one half and continued (SIGCONT) in the other;
 * each request counts in the half it was sent in. Whatever drifts, drifts in both.
 */
async function pairedReading(
  npmPid: number | undefined,
  window: (during: (stop: { now: boolean; phase: number }) => Promise<void>) => Promise<LatencySample>,
): Promise<string[]> {
  let paused: number | null = null;
  const load = loadAverage();
  let slicesRun = 0;
  const sample = await window(async (control) => {
    try {
      for (let slice = 0; slice < PAIRED_SLICES; slice++) {
        const encode = runningTranscode(npmPid);
        if (!encode) break;
        const pause = slice % 2 === 0;
        if (pause) {
          process.kill(encode.pid, 'SIGSTOP');
          paused = encode.pid;
        }
        control.phase = pause ? 0 : 1;
        await new Promise((r) => setTimeout(r, PAIRED_SLICE_MS));
        if (paused !== null) {
          process.kill(paused, 'SIGCONT');
          paused = null;
        }
        slicesRun++;
      }
    } finally {
      if (paused !== null) process.kill(paused, 'SIGCONT');
      control.now = true;
    }
  });
  const off = quantiles(sample.byPhase[0] ?? []);
  const on = quantiles(sample.byPhase[1] ?? []);
  return [
    `paired reading (load ${load}; ${slicesRun} alternating ${PAIRED_SLICE_MS} ms slices of one window, the encode stopped / running):`,
    `  encode stopped: ${off.text}`,
    `  encode running: ${on.text}`,
    `  p99 running / stopped = ${(on.p99 / off.p99).toFixed(2)}× (p50 ${(on.p50 / off.p50).toFixed(2)}×, p99.9 ${(on.p999 / off.p999).toFixed(2)}×; beside the verdict, no target)`,
  ];
}

export async function printGallery(
  rows: Array<{ name: string; rps: number; non2xx: number; errors: number }>,
  b: { base: string; headers: Record<string, string>; serverPid: number | undefined; dir: string; childId: number },
): Promise<void> {
  if (!galleryWanted()) return;
  const lines: string[] = [];
  const ceiling = rows[0]!.rps;
  const list = rows.find((r) => r.name === LIST);
  if (list) {
    const share = list.rps / ceiling;
    lines.push(`${LIST}: ${Math.round(list.rps).toLocaleString('en')} req/s = ${(share * 100).toFixed(0)} % of the ceiling (≥ ${CEILING_SHARE * 100} % wanted): ${share >= CEILING_SHARE && list.non2xx + list.errors === 0 ? 'yes' : 'NO'}`);
  }
  const browser = rows.find((r) => r.name === LIST_BROWSER);
  if (browser) lines.push(`${LIST_BROWSER} (Accept-Encoding: ${BROWSER_ENCODINGS}; beside it, no target): ${Math.round(browser.rps).toLocaleString('en')} req/s = ${((browser.rps / ceiling) * 100).toFixed(0)} % of the ceiling`);

  const fields = { orphan_id: String(b.childId), media_type: 'video', title: 'Bench upload', date: '2024-01-01' };
  const url = `${b.base}/api/galleries`;
  const small = path.join(b.dir, 'upload-20mb.mp4');
  const large = path.join(b.dir, 'upload-200mb.mp4');
  fakeVideo(small, 20 * 1024 * 1024);
  fakeVideo(large, 200 * 1024 * 1024);
  const bare = await bareUploadSeconds(b.dir, large);
  const smallRun = await peakRssDuring(b.serverPid, () => postMultipart(url, b.headers, fields, small), 50);
  const largeRun = await peakRssDuring(b.serverPid, () => postMultipart(url, b.headers, fields, large), 50);
  const mb = 200;
  const ours = largeRun.result.seconds;
  const share = bare / ours;
  lines.push(`upload 200 MB: ${(mb / ours).toFixed(0)} MB/s against a bare stream-to-disk route's ${(mb / bare).toFixed(0)} MB/s = ${(share * 100).toFixed(0)} % (≥ ${THROUGHPUT_SHARE * 100} % wanted): ${share >= THROUGHPUT_SHARE && largeRun.result.status === 201 ? 'yes' : `NO (status ${largeRun.result.status})`}`);
  if (smallRun.peakMb !== null && largeRun.peakMb !== null) {
    const growth = largeRun.peakMb / smallRun.peakMb;
    lines.push(`server peak RSS: ${largeRun.peakMb.toFixed(0)} MB during 200 MB, ${smallRun.peakMb.toFixed(0)} MB during 20 MB = ${growth.toFixed(2)}× (≤ ${RSS_GROWTH}× wanted): ${growth <= RSS_GROWTH ? 'yes' : 'NO'}`);
  }

  // A real 1080p clip for the worker (ffmpeg makes 360p, 720p and 1080p of it), and the list meanwhile.
  const clip = path.join(b.dir, 'clip-1080p.mp4');
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=30:size=1920x1080:rate=30', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
  } catch {
    lines.push('orphan list p99 during a transcode: not measured (no ffmpeg)');
    writeFileSync(clip, '');
  }
  if (statSync(clip).size > 0) {
    const upload = async () => {
      const res = await postMultipart(url, b.headers, { ...fields, title: 'Bench 1080p' }, clip);
      return { status: res.status, id: (JSON.parse(res.body || '{}') as { data?: { id?: number } }).data?.id ?? null };
    };
    lines.push(...(await listLatencyDuringTranscode(b, upload)));
  }
  console.log(`\nGallery (issue 14):\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
