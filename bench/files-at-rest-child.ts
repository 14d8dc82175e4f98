/**
 * One measurement of bench/files-at-rest.ts, in a process of its own so its peak memory is its own:
 * `child <stream|upload> <encrypted> <MB>`. A file of MB megabytes of random bytes goes through
 * `LocalDiskStorage` with the data key (encrypted) or without it (plain), over HTTP in this process:
 * - stream: stored first, then served from `FileStorage.open` as the download route does and read
 *   to the end by a client;
 * - upload: sent by a client and stored from the request stream by `FileStorage.put`, as an upload is.
 * Prints one JSON line: bytes, wall and CPU seconds, resident memory before and at its peak.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataKeyring } from '../apps/server/src/lib/data-key.ts';
import { LocalDiskStorage } from '../apps/server/src/modules/storage/local-disk-storage.ts';

const KEY = 'videos/bench.mp4';

export type FileMode = 'stream' | 'upload';
export interface FileMeasured {
  mode: FileMode;
  encrypted: boolean;
  mb: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
  baseRssMb: number;
  peakRssMb: number;
}

const megabytes = (mb: number, block: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < mb; i++) yield block;
    })(),
  );

async function measure(mode: FileMode, encrypted: boolean, mb: number): Promise<FileMeasured> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-bench-at-rest-'));
  try {
    const storage = new LocalDiskStorage(dir, encrypted ? new DataKeyring(randomBytes(32)) : undefined);
    const block = randomBytes(1024 * 1024);
    if (mode === 'stream') {
      await storage.put(KEY, megabytes(mb, block));
      // Written through the page cache like any upload; dropped so both paths read the disk alike where allowed.
      spawnSync('sh', ['-c', 'sync; echo 1 > /proc/sys/vm/drop_caches'], { stdio: 'ignore' });
    }
    const server = http.createServer((req, res) => {
      void (async () => {
        if (mode === 'upload') {
          await storage.put(KEY, req);
          res.writeHead(201).end();
          return;
        }
        const stream = await storage.open(KEY);
        res.writeHead(200, { 'Content-Length': String(await storage.size(KEY)) });
        await pipeline(stream!, res).catch(() => {});
      })();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    let peak = process.memoryUsage().rss;
    const base = peak;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    const bytes = await new Promise<number>((resolve, reject) => {
      if (mode === 'stream') {
        http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve(n));
          res.on('error', reject);
        });
        return;
      }
      const req = http.request({ host: '127.0.0.1', port, path: '/', method: 'POST', agent: false, headers: { 'Content-Length': String(mb * block.length) } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 201 ? resolve(mb * block.length) : reject(new Error(`upload answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      megabytes(mb, block).pipe(req);
    });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    server.close();
    // CPU time beside the wall clock: on a shared, loaded machine the wall clock mostly measures the wait for a core.
    return { mode, encrypted, mb, bytes, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, baseRssMb: base / 1048576, peakRssMb: peak / 1048576 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  console.log(JSON.stringify(await measure(process.argv[3] as FileMode, process.argv[4] === 'true', Number(process.argv[5]))));
}
