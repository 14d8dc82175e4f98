import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort, repoRoot } from '../child-server.ts';

/**
 * What the cluster test starts: servers run as the systemd unit in deploy/ runs them, Caddy with
 * the Caddyfile in deploy/, and plain HTTP requests that may leave from a chosen loopback address
 * (a visitor other than Caddy).
 */

export const deployFile = (name: string) => path.join(repoRoot, 'deploy', name);

/** The unit's ExecStart, split into the program and its arguments, and its Environment= settings. */
export function systemdUnit(file = deployFile('orphan-care.service')): { command: string[]; env: Record<string, string> } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const exec = lines.find((l) => l.startsWith('ExecStart='));
  if (!exec) throw new Error(`${file} has no ExecStart`);
  const env: Record<string, string> = {};
  for (const l of lines.filter((line) => line.startsWith('Environment='))) {
    const [name, ...value] = l.slice('Environment='.length).split('=');
    env[name!] = value.join('=');
  }
  return { command: exec.slice('ExecStart='.length).trim().split(/\s+/), env };
}

/** A program on the PATH, or null. */
export function found(program: string): string | null {
  const run = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

export interface Started {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (its log lines). */
  output(): string;
  exited: Promise<unknown>;
  stop(): Promise<void>;
}

/** Start a program and resolve once its output says `ready` (or reject when it ends first). */
export async function startProcess(command: string[], env: Record<string, string>, port: number, ready: (output: string) => boolean, timeoutMs = 60_000): Promise<Started> {
  const child = spawn(command[0]!, command.slice(1), { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command.join(' ')} did not start in time:\n${output.slice(-4000)}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${command.join(' ')} ended before it was ready:\n${output.slice(-4000)}`));
    });
  });
  return {
    child,
    port,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export { freePort };

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/** One HTTP request; `from`: the loopback address it leaves from (127.0.0.2 is another visitor than Caddy's 127.0.0.1). */
export function request(base: string, method: string, pathAndQuery: string, { headers = {}, body, from }: { headers?: Record<string, string>; body?: Buffer | string; from?: string } = {}): Promise<Answer> {
  const url = new URL(pathAndQuery, base);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }), ...headers }, localAddress: from }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(parts);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes, json: <T>() => JSON.parse(bytes.toString()) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sign in as the SPA does (CSRF cookie, then the form); answers the whole reply. */
export async function signIn(base: string, email: string, password: string, from?: string): Promise<Answer> {
  const csrf = await request(base, 'GET', '/sanctum/csrf-cookie', { from });
  const cookie = (csrf.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  return request(base, 'POST', '/api/auth/login', {
    from,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify({ email, password }),
  });
}

/** Ask until `done` holds for the answer (the proving event), or fail after `ms`. */
export async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await ask();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: not so after ${ms} ms (last: ${JSON.stringify(value)?.slice(0, 500)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
