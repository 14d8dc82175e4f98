import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import type { Dialect } from '../src/config.ts';
import { TEST_DATA_KEY } from './data-key.ts';

/**
 * The real server as a child process, for tests that stop it, kill it or run commands beside it
 * (backup and restore): a data folder and database of its own, a free port, sign-in over HTTP.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHILD_ADMIN = { email: 'child-admin@test.org', password: 'child-admin-password-1' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Where one server keeps its data: a temp folder, and a SQLite file in it or a new PostgreSQL database. */
export interface DataPlace {
  dir: string;
  databaseUrl: string;
  storageDir: string;
  /** The environment that points the server (or a command) at this place. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function dataPlace(dialect: Dialect): Promise<DataPlace> {
  const dir = mkdtempSync(path.join(tmpdir(), 'oc-child-'));
  const storageDir = path.join(dir, 'storage');
  const place = (databaseUrl: string, dropDb: () => Promise<void>): DataPlace => ({
    dir,
    databaseUrl,
    storageDir,
    env: { DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir, WEB_DIST: path.join(dir, 'no-web'), DATA_KEY: TEST_DATA_KEY },
    async drop() {
      await dropDb();
      rmSync(dir, { recursive: true, force: true });
    },
  });
  if (dialect === 'sqlite') return place(path.join(dir, 'app.db'), async () => {});
  const adminUrl = inject('pgAdminUrl');
  const name = `oc_child_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return place(u.toString(), async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
}

export interface ChildServer {
  base: string;
  port: number;
  child: ChildProcess;
  exited: Promise<unknown>;
  /** SIGTERM, and wait for the process to end. */
  stop(): Promise<void>;
}

/** Start `server.ts` (through tsx, as the tests run the sources) on this place; resolves once it listens. */
export async function startChildServer(place: DataPlace, port?: number): Promise<ChildServer> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...place.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: CHILD_ADMIN.email,
      ADMIN_PASSWORD: CHILD_ADMIN.password,
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    exited,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Sign in as the child server's first Super Admin, as the SPA does (CSRF cookie first). */
export async function signInChild(base: string): Promise<string> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookie = csrf.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify(CHILD_ADMIN),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** Run an npm script of the repository with this environment; never rejects, answers the exit code and output. */
export function runNpm(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
