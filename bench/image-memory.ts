/**
 * Peak memory of the server while large photos arrive at once (issue 12, finding 8).
 *
 *   node --import tsx bench/image-memory.ts            # 12 photos of 7,700 × 7,700 at once
 *   IMAGES=24 SIDE=7700 node --import tsx bench/image-memory.ts
 *   npm run build && MALLOC_ARENA_MAX=2 SERVER_ENTRY=apps/server/dist/server.js node --import tsx bench/image-memory.ts
 *
 * Starts the real server (apps/server/src/server.ts) on a fresh SQLite file, signs in, sends the
 * photos as concurrent multipart creates, and samples the server's resident memory from /proc
 * every 10 ms. Prints idle RSS, the sampled peak, the kernel's high-water mark (VmHWM) and how
 * long the burst took. Linux only (reads /proc). Not part of `npm test` or `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const IMAGES = Number(process.env.IMAGES ?? 12);
const SIDE = Number(process.env.SIDE ?? 7700);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** A photo that is small on the wire (a few hundred kB) but SIDE × SIDE pixels once decoded. */
async function bigPng(seed: number): Promise<Buffer> {
  const tile = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: (seed * 40) % 255, g: 120, b: 200 } } })
    .composite([{ input: { create: { width: 32, height: 32, channels: 3, background: { r: 255, g: 255, b: 255 } } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  return sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 20, g: 20, b: 20 } } })
    .composite([{ input: tile, tile: true, left: 0, top: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'oc-image-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // SERVER_ENTRY=apps/server/dist/server.js measures the compiled server `npm start` runs.
  const entry = process.env.SERVER_ENTRY ? [process.env.SERVER_ENTRY] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: path.join(dir, 'app.db'),
      STORAGE_DIR: path.join(dir, 'storage'),
      WEB_DIST: path.join(dir, 'no-web'),
      ADMIN_EMAIL: 'bench@example.org',
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('Server listening')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
    });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer none' },
      body: JSON.stringify({ email: 'bench@example.org', password: 'bench-password-1' }),
    });
    // Sign-in without a token needs the CSRF echo; a bearer header (even an unknown one) skips it.
    const token = ((await login.json()) as { token?: string }).token;
    if (!token) throw new Error(`sign-in failed: ${login.status}`);

    const photos = await Promise.all(Array.from({ length: IMAGES }, (_, i) => bigPng(i)));
    const create = async (photo: Buffer, i: number) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ first_name: `Photo${i}`, last_name: 'Bench', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' })) form.append(k, v);
      form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `p${i}.png`);
      const res = await fetch(`${base}/api/orphans`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, body: form });
      await res.arrayBuffer();
      return res.status;
    };
    // One small upload first, so the idle figure includes a warmed-up image pipeline.
    await create(await sharp({ create: { width: 50, height: 50, channels: 3, background: '#888' } }).png().toBuffer(), -1);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = memoryOf(child.pid!).rss;

    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(child.pid!).rss)), 10);
    const started = performance.now();
    const statuses = await Promise.all(photos.map(create));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const { rss: after, hwm } = memoryOf(child.pid!);

    const fmt = (mb: number) => `${mb.toFixed(0)} MB`;
    console.log(`images: ${IMAGES} × ${SIDE}×${SIDE} PNG (${(photos[0]!.length / 1024).toFixed(0)} kB each on the wire)`);
    console.log(`answers: ${JSON.stringify(statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}))}`);
    console.log(`idle RSS: ${fmt(idle)}   peak RSS (sampled): ${fmt(peak)}   VmHWM: ${fmt(hwm)}   RSS after: ${fmt(after)}   burst: ${seconds.toFixed(1)} s`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
