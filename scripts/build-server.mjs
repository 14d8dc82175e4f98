// Compile the server (and the shared package it imports) to JavaScript in apps/server/dist, so
// `npm start` runs plain node: no TypeScript loader in memory or on the start path (decision 0020).
// One ES module bundle per entry — the server and its writer thread — with the code they share
// split into chunks beside them, so each thread loads each module once. Packages from node_modules
// stay external: they are JavaScript already, and several load native addons or files of their own.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
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
 * Modules that name themselves by import.meta.url for another thread to import: the writer thread
 * imports the write registry the server built its writes from (db/write-registry.ts). Each is an
 * entry of its own, and its import.meta.url names that entry's file, not the chunk its code lands
 * in (which would be the server's own file when only the server imports it).
 */
const selfAddressed = { 'write-registry': path.join(src, 'db/write-registry.ts') };

const selfAddressedUrls = {
  name: 'self-addressed-urls',
  setup(b) {
    const nameOf = new Map(Object.entries(selfAddressed).map(([name, file]) => [file, name]));
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const name = nameOf.get(args.path);
      if (!name) return undefined;
      return { contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `new URL('./${name}.js', import.meta.url).href`), loader: 'ts' };
    });
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
    entryPoints: { server: path.join(src, 'server.ts'), 'writer.worker': path.join(src, 'db/writer.worker.ts'), ...selfAddressed, ...migrationEntries() },
    outdir,
    // Flat: every file sits in dist/, one level below apps/server as src/ files are, so paths a
    // module builds from its own import.meta.url (config.ts's repository root, the writer
    // thread's entry) resolve alike from the sources and from the build.
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
    plugins: [externalPackages, selfAddressedUrls],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  await buildServer();
  console.log(`Built the server in ${path.relative(root, serverDist)} (${Date.now() - t0} ms).`);
}
