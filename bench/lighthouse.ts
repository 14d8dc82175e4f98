/**
 * Issue 16, page speed on slow links: Lighthouse's mobile scores for the public pages a visitor
 * lands on (home, contact, login), against a server started by `npm start` on a fresh database,
 * in Debian's Chromium with the browser tests' flags (apps/web/e2e/support/browser.ts). Lighthouse's
 * default configuration is the mobile one: a phone's screen, a slow 4G link and a 4x slower CPU,
 * simulated from one unthrottled load. Targets: performance >= 95, accessibility 100. It prints
 * figures and what holds them down; it is not a test and asserts nothing.
 *
 * BENCH_ONLY=lighthouse runs this alone (no 100,000-child seed first). It builds the web app into a
 * folder of its own; LIGHTHOUSE_WEB_DIST=<folder> measures a build made elsewhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/support/browser.ts';
import { buildIfStale, npmStart } from './npm-start.ts';

const NAME = 'lighthouse: mobile performance and accessibility of home, contact and login';
const PAGES = [
  { label: 'home', path: '/' },
  { label: 'contact', path: '/contact' },
  { label: 'login', path: '/login' },
];
const TARGET = { performance: 95, accessibility: 100 };

export function lighthouseWanted(): boolean {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return !only || NAME.toLowerCase().includes(only);
}

/**
 * Chromium with a DevTools port for Lighthouse to drive, started by chrome-launcher (Lighthouse's
 * own launcher, installed with it): a Chromium started by hand with the same flags gave traces
 * Lighthouse 12 could not place (NO_NAVSTART); the launcher's defaults (a fresh profile, no
 * extensions or background pages) are what Lighthouse expects.
 */
async function startChromium(): Promise<{ port: number; stop: () => void }> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  return { port: chrome.port, stop: () => chrome.kill() };
}

interface PageResult {
  label: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  /** Accessibility audits that failed, and the performance audits that cost the most. */
  findings: string[];
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

/** Lighthouse's own "run Lighthouse again" failures (a trace it could not place on a busy machine). */
const RETRIED = new Set(['NO_NAVSTART', 'NO_FCP']);

async function measure(url: string, label: string, chromePort: number, attempt = 1): Promise<PageResult> {
  const run = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = run;
  if (lhr.runtimeError && RETRIED.has(lhr.runtimeError.code) && attempt < 3) return measure(url, label, chromePort, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const score = (id: 'performance' | 'accessibility') => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metrics = Object.fromEntries(METRICS.map(([short, id]) => [short, lhr.audits[id]?.displayValue ?? '?']));
  const findings: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0) findings.push(`accessibility: ${audit.title}`);
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9 || ref.group === 'metrics') continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    findings.push(`performance: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  return { label, performance: score('performance'), accessibility: score('accessibility'), metrics, findings };
}

export async function runLighthouse(port: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-lighthouse-'));
  const base = `http://127.0.0.1:${port}`;
  // A build of its own (WEB_DIST: scripts/build.mjs builds there, the server serves it), so the
  // bench never rebuilds apps/web/dist under other people's browser tests. LIGHTHOUSE_WEB_DIST:
  // measure a build made elsewhere instead (another commit's `vite build --outDir`, for a before
  // and after in one session).
  const webDist = process.env.LIGHTHOUSE_WEB_DIST ? path.resolve(process.env.LIGHTHOUSE_WEB_DIST) : path.join(dir, 'web');
  buildIfStale({ WEB_DIST: webDist });
  const server = await npmStart(
    { DATABASE_URL: path.join(dir, 'app.db'), STORAGE_DIR: path.join(dir, 'storage'), WEB_DIST: webDist, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'lighthouse@example.org', ADMIN_PASSWORD: 'lighthouse-password-1' },
    `${base}/api/health`,
  );
  const chromium = await startChromium();
  try {
    process.stdout.write(`  running ${NAME} ...\n`);
    const results: PageResult[] = [];
    for (const page of PAGES) {
      // One unmeasured load first, so the server's first-answer work (reading dist, the
      // settings) is not charged to the page.
      await (await fetch(`${base}${page.path}`)).arrayBuffer();
      results.push(await measure(`${base}${page.path}`, page.label, chromium.port));
    }
    print(results);
  } finally {
    chromium.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(results: PageResult[]): void {
  const header = ['page', 'performance', 'accessibility', ...METRICS.map(([short]) => short), 'meets'];
  const rows = results.map((r) => [
    r.label,
    String(r.performance),
    String(r.accessibility),
    ...METRICS.map(([short]) => r.metrics[short] ?? '?'),
    r.performance >= TARGET.performance && r.accessibility >= TARGET.accessibility ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${NAME} (Lighthouse mobile, simulated slow 4G and 4x CPU; targets: performance >= ${TARGET.performance}, accessibility ${TARGET.accessibility})\n`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    if (r.findings.length === 0) continue;
    console.log(`\n${r.label}:`);
    for (const f of r.findings) console.log(`  - ${f}`);
  }
}
