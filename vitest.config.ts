import { accessSync, constants, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Where the API and browser tests keep their scratch databases and storage folders: a RAM-backed
 * folder when the machine has one with room, else the usual temp folder. A test's commit then costs
 * no disk flush. What the tests assert is the same: SQLite still runs with synchronous=FULL, and a
 * killed server's acknowledged writes are in the operating system's hands either way (a flush only
 * matters when the machine itself loses power, which no test does).
 */
function scratchDir(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 4 * 1024 ** 3 ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The environment of the API and browser tests and of the servers they start: cheap password hashes
 * (apps/server/src/lib/password.ts), scratch files in RAM, and PostgreSQL answering a commit before
 * its WAL reaches the disk (for this run's connections only; the server is never stopped mid-test,
 * so nothing a test reads back is missing). Neither changes what any test checks.
 */
const scratch = scratchDir();
const testEnv: Record<string, string> = {
  PASSWORD_HASH_COST: 'test',
  PGOPTIONS: `${process.env.PGOPTIONS ?? ''} -c synchronous_commit=off`.trim(),
  ...(scratch ? { TMPDIR: scratch } : {}),
};

/**
 * How many browser test files run at once. A file's test, server and Chromium mostly wait on one
 * another (much of a file's time none of them has work to do), so one file leaves a core of two
 * idle. Under CI the machine runs nothing else, and two files at once (each has its own server port,
 * database, storage folder and Chromium, e2e/support/server.ts) fill both cores. Elsewhere one at a
 * time: on a machine shared with other work, two at once let page loads outlast the tests' limits.
 * E2E_WORKERS sets the count (the command line's --maxWorkers does not reach a project's own).
 */
function e2eWorkers(): number {
  const asked = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return process.env.CI === 'true' ? Math.min(2, availableParallelism()) : 1;
}

// One runner, four projects; `npm test` runs them all (see README).
export default defineConfig({
  test: {
    // One test file per core at a time (vitest's default is one fewer, for its own process): an API
    // file waits on its servers and databases about as much as it computes, so on two cores one
    // worker left a core idle. The browser tests set their own count below.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // A limit, not a measure: vitest's 5 s default is outlasted by a property test or a first
        // import on a machine that other work keeps busy.
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        esbuild: { jsx: 'automatic' },
        // The service worker's registration module is made by a build plugin these tests do not run.
        resolve: { alias: { 'virtual:pwa-register': new URL('./apps/web/src/test/pwa-register.ts', import.meta.url).pathname } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // API suites start real servers on real databases; files run in parallel forks.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
          env: testEnv,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          maxWorkers: e2eWorkers(),
          // Its own group, as its worker count differs from the other projects' (when run together).
          sequence: { groupOrder: 1 },
          // Passed on to the servers the tests start.
          env: testEnv,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Two built servers, PostgreSQL and Caddy (npm run test:cluster); built first as for the browser tests.
          name: 'cluster',
          include: ['apps/server/test/cluster/*.cluster.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          env: testEnv,
          testTimeout: 150_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
