import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoad, readManifest } from './support/first-load.ts';
import { repoRoot, webDist } from './support/server.ts';

/**
 * Issue 16, page speed on slow links: the JavaScript a first visit downloads before the page can
 * render, gzipped, read from the build `npm run test:e2e` has just made (apps/web/dist and its
 * .vite/manifest.json). Not a timing: bytes, the same on every machine.
 */
const dist = webDist;
const KB = 1024;

/**
 * `goal`: issue 16's budget (home 100 KB, login 150 KB) — NOT MET yet (189.2 and 228.8 KB on
 * 2026-11-24: React, its scheduler, the router and i18next alone weigh about 105 KB; reaching the
 * goal needs the server-rendered public pages of decision 0037). `ceiling`: what the test holds
 * today, so a change that makes the first load heavier fails here; lower it as the pages get
 * lighter, down to the goal (then the goal is the ceiling).
 */
const BUDGETS = [
  { page: 'home', module: 'src/features/public-site/routes/home-page.tsx', goal: 100 * KB, ceiling: 195 * KB },
  { page: 'login', module: 'src/features/auth/routes/login-page.tsx', goal: 150 * KB, ceiling: 235 * KB },
];

/** Public screens, which must load on demand, each apart from the dashboard's code. */
const PUBLIC_SCREENS = [
  'src/features/public-site/routes/home-page.tsx',
  'src/features/public-site/routes/about-page.tsx',
  'src/features/public-site/routes/contact-page.tsx',
  'src/features/public-site/routes/services-page.tsx',
  'src/features/public-site/routes/college-page.tsx',
  'src/features/auth/routes/login-page.tsx',
  'src/features/auth/routes/register-page.tsx',
  'src/features/pages/routes/published-page.tsx',
];

/** Modules only the dashboard needs; a public page's first load must hold none of them. */
const DASHBOARD_ONLY = [
  'src/app/layouts/dashboard-layout.tsx',
  'src/features/dashboard/routes/overview-page.tsx',
  'src/features/pages/routes/pages-page.tsx',
  'src/features/orphans/routes/orphan-form-page.tsx',
  'src/features/gallery/routes/gallery-upload-page.tsx',
];

/** Strings only these libraries' code holds, to find them in whatever chunk the bundler put them. */
const DASHBOARD_LIBRARIES = {
  TipTap: 'ProseMirror',
  recharts: 'recharts-wrapper',
  'tus-js-client': 'Tus-Resumable',
  'react-aria date picker': 'react-aria-DateInput',
};

describe('first-load JavaScript of the public pages', () => {
  it('reads the build the e2e run has just made', () => {
    expect(existsSync(path.join(dist, '.vite/manifest.json')), 'run `npm run build` first (npm run test:e2e does)').toBe(true);
  });

  for (const { page, module, goal, ceiling } of BUDGETS) {
    it(`keeps the ${page} page within ${ceiling / KB} KB gzipped (goal ${goal / KB} KB)`, () => {
      expect(existsSync(path.join(repoRoot, 'apps/web', module)), `${module} moved: update this test`).toBe(true);
      const load = firstLoad(dist, module);
      const kb = (load.gzipBytes / KB).toFixed(1);
      console.log(`${page}: ${kb} KB gzipped JavaScript in ${load.files.length} files (goal ${goal / KB} KB: ${load.gzipBytes <= goal ? 'met' : 'NOT MET'})`);
      expect(load.gzipBytes, `${page}: ${load.files.join(', ')}`).toBeLessThanOrEqual(ceiling);
    });
  }

  it('loads every public screen on demand, with no dashboard module in its first load', () => {
    const manifest = readManifest(dist);
    const dashboardFiles = new Set(
      DASHBOARD_ONLY.map((module) => {
        // Each of these is a lazily imported screen (or layout), so it has a chunk of its own.
        expect(manifest[module]?.isDynamicEntry, `${module} is not loaded on demand`).toBe(true);
        return manifest[module]!.file;
      }),
    );
    for (const screen of PUBLIC_SCREENS) {
      expect(manifest[screen]?.isDynamicEntry, `${screen} is bundled into the entry`).toBe(true);
      const files = firstLoad(dist, screen).files;
      expect(files.filter((file) => dashboardFiles.has(file)), screen).toEqual([]);
      const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
      for (const [library, marker] of Object.entries(DASHBOARD_LIBRARIES)) expect(code.includes(marker), `${screen} loads ${library}`).toBe(false);
    }
    // The markers are real: each library is in the build, in some chunk loaded on demand.
    const everything = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');
    for (const [library, marker] of Object.entries(DASHBOARD_LIBRARIES)) expect(everything.includes(marker), `${library} not found by '${marker}'`).toBe(true);
  });
});
