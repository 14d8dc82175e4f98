/**
 * The server as production runs it: `npm start` itself (decision 0020), so the bench measures the
 * processes a user's start leaves running — npm and the compiled server — and their memory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StartedServer {
  /** npm's process id: the root of the tree that `npm start` leaves running. */
  pid: number;
  process: ChildProcess;
  /** From `npm start` to the first 200 of the URL waited for, in ms. */
  startMs: number;
  stop(): Promise<void>;
}

/** Build what is older than its sources now, so no start below pays for a build; says what it built. `env`: e.g. WEB_DIST, a web build of one's own. */
export function buildIfStale(env: Record<string, string> = {}): void {
  const run = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`The build failed:\n${run.stdout}`);
  for (const line of run.stdout.split('\n')) if (line.startsWith('Built the')) console.log(`  (${line.trim()})`);
}

/** Resolves when `url` answers 200 (asked every 25 ms), with the ms since `since`. */
async function firstAnswer(url: string, since: number, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.ok) return performance.now() - since;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * `npm start` in a process group of its own (so stopping it stops everything it started), with
 * these variables; resolves once `waitUrl` answers (with `headers`, e.g. a token).
 */
export async function npmStart(env: Record<string, string>, waitUrl: string, headers: Record<string, string> = {}): Promise<StartedServer> {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
    // npm can exit before the server it started has closed its database: wait for the group.
    for (let i = 0; i < 300 && groupAlive(child.pid!); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  // A start that never answers is stopped with all it started, so no server outlives the bench.
  const startMs = await Promise.race([
    firstAnswer(waitUrl, t0, headers),
    exited.then(() => Promise.reject(new Error(`npm start exited (${child.exitCode ?? child.signalCode})`))),
  ]).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { pid: child.pid!, process: child, startMs, stop };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
