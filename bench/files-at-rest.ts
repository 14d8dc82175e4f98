/**
 * `node --import tsx bench/files-at-rest.ts [MB] [big MB]`: what encryption at rest costs a video
 * stream. One process per measurement (so peak memory is its own): a file of MB megabytes stored
 * with and without the data key, then served over HTTP from `FileStorage.open` as the download
 * route does, read to the end by a client; the throughput, and the peak RSS while streaming the
 * big file (2 GB by default). Numbers go to docs/benchmarks/ by hand; never part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { DataKeyring } from '../apps/server/src/lib/data-key.ts';
import { LocalDiskStorage } from '../apps/server/src/modules/storage/local-disk-storage.ts';

const KEY = 'videos/bench.mp4';

/** Child: store `mb` megabytes (encrypted or not), serve it once over HTTP, report time and peak RSS. */
async function measure(encrypted: boolean, mb: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-bench-at-rest-'));
  try {
    const storage = new LocalDiskStorage(dir, encrypted ? new DataKeyring(randomBytes(32)) : undefined);
    const block = randomBytes(1024 * 1024);
    await storage.put(KEY, Readable.from((function* () {
      for (let i = 0; i < mb; i++) yield block;
    })()));
    // Written through the page cache like any upload; dropped so both paths read the disk alike where allowed.
    spawnSync('sh', ['-c', 'sync; echo 1 > /proc/sys/vm/drop_caches'], { stdio: 'ignore' });
    let peak = process.memoryUsage().rss;
    const base = peak;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const server = http.createServer(async (_req, res) => {
      const stream = await storage.open(KEY);
      res.writeHead(200, { 'Content-Length': String(await storage.size(KEY)) });
      await pipeline(stream!, res).catch(() => {});
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const t0 = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    const bytes = await new Promise<number>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      });
    });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    // CPU time, not only the wall clock: on a shared, loaded machine the wall clock mostly measures the wait for a core.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    clearInterval(timer);
    server.close();
    console.log(JSON.stringify({ encrypted, mb, bytes, seconds, mbPerSecond: bytes / 1048576 / seconds, cpuSeconds, mbPerCpuSecond: bytes / 1048576 / cpuSeconds, baseRssMb: base / 1048576, peakRssMb: peak / 1048576 }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function child(encrypted: boolean, mb: number): { mbPerSecond: number; mbPerCpuSecond: number; cpuSeconds: number; peakRssMb: number; baseRssMb: number; seconds: number } {
  const out = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'child', String(encrypted), String(mb)], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout.trim().split('\n').pop()!);
}

if (process.argv[2] === 'child') {
  await measure(process.argv[3] === 'true', Number(process.argv[4]));
} else {
  const mb = Number(process.argv[2] || 200);
  const bigMb = Number(process.argv[3] || 2048);
  const fmt = (r: ReturnType<typeof child>) =>
    `${r.mbPerSecond.toFixed(0)} MB/s wall (${r.seconds.toFixed(2)} s), ${r.mbPerCpuSecond.toFixed(0)} MB per CPU second (${r.cpuSeconds.toFixed(2)} s), RSS ${r.baseRssMb.toFixed(0)} → peak ${r.peakRssMb.toFixed(0)} MB`;
  for (let round = 1; round <= 5; round++) {
    const plain = child(false, mb);
    const sealed = child(true, mb);
    console.log(`${mb} MB, round ${round}: plain ${fmt(plain)}; encrypted ${fmt(sealed)}; wall ratio ${(sealed.mbPerSecond / plain.mbPerSecond).toFixed(2)}, CPU ratio ${(sealed.mbPerCpuSecond / plain.mbPerCpuSecond).toFixed(2)}`);
  }
  const plain = child(false, bigMb);
  const sealed = child(true, bigMb);
  console.log(`${bigMb} MB: plain ${fmt(plain)}; encrypted ${fmt(sealed)}; peak memory ratio ${(sealed.peakRssMb / plain.peakRssMb).toFixed(2)}`);
}
