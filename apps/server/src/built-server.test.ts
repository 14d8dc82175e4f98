import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error -- a plain-JavaScript build script, without type declarations
import { buildServer } from '../../../scripts/build-server.mjs';
import { call, type TestServer } from '../test/harness.ts';
import { TEST_DATA_KEY } from '../test/data-key.ts';

/**
 * `npm start` runs the bundle (decision 0020), not these sources: build it, start it with plain
 * node — no TypeScript loader, so anything still reaching for a .ts file fails here — and save a
 * child through the compiled write path.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// At the depth of apps/server/dist, as the build's paths expect; `.tmp/` is ignored by git.
const outdir = path.join(repoRoot, 'apps/.tmp', `built-server-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'built-server-'));
const admin = { email: 'built@example.org', password: 'built-password-1' };
let child: ChildProcess;
let server: TestServer;

beforeAll(async () => {
  await buildServer(outdir);
  child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(19_000 + Math.floor(Math.random() * 1000)),
      HOST: '127.0.0.1',
      DATABASE_URL: path.join(dataDir, 'app.db'),
      STORAGE_DIR: path.join(dataDir, 'storage'),
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The test key: without one, a new install writes its key file beside the data folder, in the shared temporary folder.
      DATA_KEY: TEST_DATA_KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server = await new Promise<TestServer>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Server listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url } as TestServer);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`The built server exited (${code}):\n${output}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

it('holds no image library before the first photo (sharp is loaded on demand, decision 0020)', () => {
  const maps = `/proc/${child.pid}/maps`;
  if (!existsSync(maps)) return; // Linux only
  expect(readFileSync(maps, 'utf8')).not.toMatch(/libvips|sharp-/);
});

it('starts from plain node and saves a child through its compiled code', async () => {
  const signIn = await call(server, 'POST', '/api/auth/login', { body: admin });
  expect(signIn.status).toBe(200);
  const token = signIn.body.token as string;
  const orphan = { first_name: 'Mariam', last_name: 'Ahmadi', father_name: 'Karim', dob: '2014-03-02', gender: 'female', admission_date: '2020-09-01' };
  const created = await call(server, 'POST', '/api/orphans', { token, body: orphan });
  expect(created.status).toBe(201);
  const read = await call(server, 'GET', `/api/orphans/${created.body.data.id}`, { token });
  expect(read.status).toBe(200);
  expect(JSON.stringify(read.body)).toContain('Mariam');
});
