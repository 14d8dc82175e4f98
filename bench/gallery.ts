/**
 * The gallery's part of `npm run bench` (issue 14), as ratios measured in one run:
 * - one child's gallery list (1,000 media items seeded straight into the SQLite file), against
 *   the ceiling: at least a quarter of its req/s, asked as before (no Accept-Encoding: the JSON as
 *   it is). The same pages asked as a browser asks them (the kept page goes out as brotli,
 *   decision 0041) are measured beside it, with no target;
 * - a 200 MB upload (POST /api/galleries, streamed) against a bare Node route that streams the same
 *   body to disk: at least half its throughput; the server's peak RSS during it at most 1.2× its
 *   peak during a 20 MB upload (flat, not growing with the file);
 * - the orphan list's p99 while a 1080p transcode runs, against the same list idle: at most 1.5×.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, createReadStream, createWriteStream, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { peakRssDuring } from './process-tree.ts';

const PREFIX = 'gallery:';
const LIST = `${PREFIX} one child's list, 1,000 media`;
/** The same pages asked as a browser asks them (the answer comes as brotli, decision 0041): shown beside it, no target. */
const LIST_BROWSER = `${PREFIX} one child's list, as a browser asks`;
/** What a browser sends (Chromium, Firefox). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
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

/** POST a file as the gallery's multipart form, streamed from disk; resolves with its status and seconds. */
function postMultipart(url: string, headers: Record<string, string>, fields: Record<string, string>, file: string): Promise<{ status: number; seconds: number }> {
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
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - t0) / 1000 }));
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

function p99(options: autocannon.Options, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: seconds, ...options }, (err, result) => (err ? reject(err) : resolve(result.latency.p99)));
  });
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
    const listOptions = { url: b.base, headers: b.headers, requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `/api/orphans?sort=last_name&per_page=10&page=${1 + Math.floor(Math.random() * 50)}` }) }] };
    const idle = await p99(listOptions, 8);
    const up = await postMultipart(url, b.headers, { ...fields, title: 'Bench 1080p' }, clip);
    // The worker claims it at once; the list is measured while it encodes.
    await new Promise((r) => setTimeout(r, 1000));
    const busy = await p99(listOptions, 8);
    const growth = busy / idle;
    lines.push(`orphan list p99: ${busy.toFixed(1)} ms during a 1080p transcode, ${idle.toFixed(1)} ms idle = ${growth.toFixed(2)}× (≤ ${P99_GROWTH}× wanted): ${growth <= P99_GROWTH && up.status === 201 ? 'yes' : 'NO'}`);
  }
  console.log(`\nGallery (issue 14):\n${lines.map((l) => `  ${l}`).join('\n')}`);
}
