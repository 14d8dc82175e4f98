// Compile the server (and the shared package it imports) to JavaScript in apps/server/dist, so
// `npm start` runs plain node: no TypeScript loader in memory or on the start path (decision 0020).
// One ES module bundle for the server, and one per migration (the server reads them from a folder),
// with the code they share split into chunks beside them. Packages from node_modules
// stay external: they are JavaScript already, and several load native addons or files of their own.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
export const serverDist = path.join(root, 'apps/server/dist');

/** Every bare import stays an import, except our own workspace package, which is TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Each migration is an entry of its own, written to dist/migrations/: the server finds its
 * migrations by reading that folder (db/migrate.ts), as it reads src/db/migrations from the sources.
 */
const migrationEntries = () =>
  Object.fromEntries(
    readdirSync(path.join(src, 'db/migrations'))
      .filter((f) => /^\d{4}-[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => [`migrations/${f.replace(/\.ts$/, '')}`, path.join(src, 'db/migrations', f)]),
  );

/** `outdir`: another folder for a test, at the same depth below the repository root as apps/server/dist. */
export async function buildServer(outdir = serverDist) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { server: path.join(src, 'server.ts'), ...migrationEntries() },
    outdir,
    // Flat: every file sits in dist/, one level below apps/server as src/ files are, so paths a
    // module builds from its own import.meta.url (config.ts's repository root, the migrations
    // folder) resolve alike from the sources and from the build.
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    // Stack traces name functions as written.
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  await buildServer();
  console.log(`Built the server in ${path.relative(root, serverDist)} (${Date.now() - t0} ms).`);
}
