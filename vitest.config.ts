import { defineConfig } from 'vitest/config';

// One runner, four projects; `npm test` runs them all (see README).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
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
          // Cheap password hashes for the thousands of sign-ins (apps/server/src/lib/password.ts).
          env: { PASSWORD_HASH_COST: 'test' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          // One file at a time: two at once (each file has its own server port, database and storage
          // folder, e2e/support/server.ts) let page loads outlast the tests' time limits on two cores.
          maxWorkers: 1,
          // Its own group, as its worker count differs from the other projects' (when run together).
          sequence: { groupOrder: 1 },
          // Passed on to the servers the tests start (apps/server/src/lib/password.ts).
          env: { PASSWORD_HASH_COST: 'test' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
