import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/**
 * The built web app the browser tests serve: apps/web/dist (what `npm run test:e2e` builds), or
 * E2E_WEB_DIST — a build of one's own (`vite build --outDir`), so work going on side by side in one
 * checkout does not rebuild the folder another test run is serving.
 */
export const webDist = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(repoRoot, 'apps/web/dist');

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'E2e-admin-password-1';

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** A port nothing listens on now, for a server to be started on (its address known before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Start the real server (built SPA + API) on a free port with a fresh SQLite file and storage
 * folder, and a known first Super Admin. Resolves once it prints 'Server listening'.
 */
export async function startServer({ timeoutMs = 90_000, port: chosenPort }: { timeoutMs?: number; port?: number } = {}): Promise<RunningServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No built web app at ${webDist}. Run "npm run build -w apps/web" before the browser tests.`);
  }
  const port = chosenPort ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'orphan-care-e2e-'));
  // The compiled server, as `npm start` runs it: no TypeScript loader on each file's start. The
  // e2e set-up (global-setup.ts) rebuilds it first when its sources are newer.
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: path.join(dir, 'app.db'),
      STORAGE_DIR: path.join(dir, 'storage'),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      WEB_DIST: webDist,
      APP_URL: `http://127.0.0.1:${port}`,
      // A fixed data key (the stored files are encrypted with it); no key file is made beside the test folder.
      DATA_KEY: 'defa5b4570a5333c1749b835d20a456a46e95e3b1ccd109c621ddbf01a8f444d',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 20_000) output = output.slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const onData = () => {
        if (output.includes('Server listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Server exited with code ${code} before listening:\n${output}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }

  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}
