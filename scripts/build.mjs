// `npm run build`: the web app (Vite, apps/web/dist, with the public pages' server renderer in
// dist/.ssr, decision 0038) and the server (esbuild, apps/server/dist).
// With --if-stale (`npm install` and `npm start` call it so; decision 0020) each is built only when
// a file it is built from is newer than its last build, so a start after an unchanged checkout
// costs one directory walk, and a start after a `git pull` still runs what was pulled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDist } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const shared = [at('packages/shared/src'), at('packages/shared/package.json')];

// WEB_DIST (the folder the server serves, README) is where the web app is built: by default
// apps/web/dist; a run of one's own (the Lighthouse bench) builds and serves another folder and
// leaves the one other people's browser tests are serving alone. Relative to where npm was run,
// as the server reads it. Another folder that exists without our stamp was built by someone else
// (another commit's build, to compare): it is served as it is.
const webDist = process.env.WEB_DIST ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.WEB_DIST) : at('apps/web/dist');
const foreignWebDist = webDist !== at('apps/web/dist') && existsSync(webDist) && !existsSync(path.join(webDist, '.built'));

function buildWeb() {
  const run =
    webDist === at('apps/web/dist')
      ? spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })
      : spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: at('apps/web'), stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`The web app's build failed (exit ${run.status ?? run.signal}).`);
  if (webDist === at('apps/web/dist')) return;
  const compress = spawnSync(process.execPath, [at('scripts/compress-assets.mjs'), webDist], { cwd: root, stdio: 'inherit' });
  if (compress.status !== 0) throw new Error(`Compressing the web app's assets failed (exit ${compress.status ?? compress.signal}).`);
}

const targets = [
  {
    name: 'web app',
    stamp: path.join(webDist, '.built'),
    // The lock file: Vite bundles the web app's packages, so an upgrade changes the build.
    inputs: [at('apps/web/src'), at('apps/web/index.html'), at('apps/web/public.html'), at('apps/web/public'), at('apps/web/vite.config.ts'), at('apps/web/package.json'), at('package-lock.json'), ...shared],
    build: buildWeb,
  },
  {
    name: 'server',
    stamp: path.join(serverDist, '.built'),
    // Packages stay outside the server's bundle, so the lock file does not change it.
    inputs: [at('apps/server/src'), at('scripts/build-server.mjs'), ...shared],
    build: buildServer,
  },
];

const isTest = (name) => /\.test\.tsx?$/.test(name);

/** The newest modification time among these files and folders (tests excluded: not built). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let s;
    try {
      s = statSync(p);
    } catch {
      return; // an optional input (public/) that is not there
    }
    if (!s.isDirectory()) {
      if (!isTest(p)) latest = Math.max(latest, s.mtimeMs);
      return;
    }
    for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  paths.forEach(visit);
  return latest;
}

const ifStale = process.argv.includes('--if-stale');
// --only=server: the browser tests' set-up brings the server they start up to date, and leaves the
// web app, which `npm run test:e2e` builds, or E2E_WEB_DIST names, alone.
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
for (const target of targets) {
  if (only && target.name !== only) continue;
  if (target.name === 'web app' && foreignWebDist) continue;
  if (ifStale && existsSync(target.stamp) && statSync(target.stamp).mtimeMs >= newest(target.inputs)) continue;
  // Stamped with the time the build began: a file saved while it ran is newer, so the next check builds again.
  const began = new Date();
  const t0 = Date.now();
  await target.build();
  writeFileSync(target.stamp, '');
  utimesSync(target.stamp, began, began);
  console.log(`Built the ${target.name} (${((Date.now() - t0) / 1000).toFixed(1)} s).`);
}
