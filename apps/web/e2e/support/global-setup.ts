import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './server.ts';

/**
 * Once per browser test run: build the server the tests start (apps/server/dist) when a source is
 * newer than its last build, as `npm start` does, so a file run on its own after a change to the
 * server tests that change. Nothing is built when the build is current (a directory walk).
 */
export default function setup(): void {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale', '--only=server'], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`Building the server for the browser tests failed (exit ${run.status ?? run.signal}).`);
}
