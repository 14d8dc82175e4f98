import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';

/**
 * Decision 0038: the server answers a public page with the HTML its renderer (the web build's
 * .ssr/entry-server.js) makes from the request's language and theme and the data read through the
 * server's own services; the app's pages keep index.html. The web build is not part of the API
 * tests, so the renderer here is a small one of the same shape that writes back what it was given
 * (and how many renders it has made), which is what this plugin decides. The real renderer is
 * driven by the browser tests (public-site.e2e.ts).
 */

const webDist = mkdtempSync(path.join(os.tmpdir(), 'oc-web-ssr-'));
mkdirSync(path.join(webDist, 'assets'));
mkdirSync(path.join(webDist, '.ssr'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="app-shell"></div></body></html>');
writeFileSync(path.join(webDist, 'assets/app.css'), 'body{color:#111}');
// Build internals beside the files a browser needs: the build's manifest and its freshness stamp.
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(path.join(webDist, '.vite/manifest.json'), '{"src/main.tsx":{"file":"assets/main-secret.js"}}');
writeFileSync(path.join(webDist, '.built'), 'built-stamp-1234');
writeFileSync(
  path.join(webDist, 'public.html'),
  // Over the compression threshold, as every real page is.
  `<!doctype html><html lang="en"><head><title>x</title><link rel="stylesheet" crossorigin href="/assets/app.css"></head><body><p>${'The words of a real page. '.repeat(60)}</p><div id="root"></div></body></html>`,
);
writeFileSync(
  path.join(webDist, '.ssr/entry-server.js'),
  `let renders = 0;
export async function prepare() {}
export function matchPublicRoute(pathname) {
  const p = pathname.replace(/\\/+$/, '') || '/';
  if (p === '/register' || p === '/dashboard' || p.startsWith('/dashboard/')) return null;
  const page = /^\\/pages\\/([^/]+)$/.exec(p);
  if (page) return { page: 'page', slug: decodeURIComponent(page[1]) };
  return p === '/' || p === '/about' ? { page: 'fixed' } : { page: 'not-found' };
}
export function renderPublicPage(template, input) {
  renders += 1;
  const missing = matchPublicRoute(input.path).page === 'not-found' || (matchPublicRoute(input.path).page === 'page' && !input.page);
  const json = JSON.stringify({ ...input, renders }).replace(/</g, '\\\\u003c');
  return { status: missing ? 404 : 200, html: template.replace('<div id="root"></div>', () => '<div id="root"><script type="application/json" id="input">' + json + '</script></div>') };
}
`,
);

interface RenderInput {
  path: string;
  language: string;
  theme: string;
  settings: { organization_name?: string };
  publishedPages: Array<{ slug: string }>;
  page?: { slug: string } | null;
  renders: number;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer('sqlite', { webDist });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}): Promise<{ res: Response; html: string; input?: RenderInput }> {
  const res = await fetch(`${server.url}${url}`, { headers });
  const html = await res.text();
  const json = /<script type="application\/json" id="input">(.*?)<\/script>/s.exec(html)?.[1];
  return { res, html, input: json ? (JSON.parse(json) as RenderInput) : undefined };
}

describe('server-rendered public pages', () => {
  it("renders in the language cookie's language, else Accept-Language's, and in the theme cookie's theme, else light", async () => {
    expect((await page('/', { 'Accept-Language': 'fa-AF,en;q=0.5' })).input).toMatchObject({ path: '/', language: 'fa-AF', theme: 'light' });
    expect((await page('/', { 'Accept-Language': 'fa-AF', Cookie: 'language=ps-AF; theme=dark' })).input).toMatchObject({ language: 'ps-AF', theme: 'dark' });
    // A cookie that is not one of ours is ignored, as an unknown theme is.
    expect((await page('/about', { 'Accept-Language': 'en-US', Cookie: 'language=klingon; theme=purple' })).input).toMatchObject({ language: 'en', theme: 'light' });
  });

  it('passes the settings, the published pages and the page asked for, read through the services', async () => {
    const settings = await (await fetch(`${server.url}/api/settings/public`)).json();
    const published = (await (await fetch(`${server.url}/api/pages/published`)).json()) as { data: Array<{ slug: string }> };
    expect(published.data.length).toBeGreaterThan(0);
    const home = (await page('/')).input!;
    expect(home.settings).toEqual(settings);
    expect(home.publishedPages).toEqual(published.data);

    const slug = published.data[0]!.slug;
    const shown = await page(`/pages/${slug}`);
    expect(shown.res.status).toBe(200);
    expect(shown.input?.page?.slug).toBe(slug);
    const missing = await page('/pages/no-such-page');
    expect(missing.res.status).toBe(404);
    expect(missing.input?.page).toBeNull();
    expect((await page('/no/such/path')).res.status).toBe(404);
  });

  it("leaves the app's pages to index.html", async () => {
    for (const url of ['/dashboard', '/dashboard/orphans', '/register']) {
      const { res, html } = await page(url);
      expect(res.status, url).toBe(200);
      expect(html, url).toContain('app-shell');
    }
  });

  it('serves what a browser needs and none of the build internals', async () => {
    expect((await page('/assets/app.css')).html).toBe('body{color:#111}');
    const internals = {
      '/.ssr/entry-server.js': 'matchPublicRoute',
      '/.vite/manifest.json': 'main-secret',
      '/.built': 'built-stamp',
      '/public.html': '<div id="root"></div></body>',
      '/.ssr/': 'entry-server',
      '/%2essr/entry-server.js': 'matchPublicRoute',
      '/assets/../.vite/manifest.json': 'main-secret',
    };
    for (const [url, content] of Object.entries(internals)) {
      const res = await fetch(`${server.url}${url}`, { headers: { 'Accept-Encoding': 'identity' } });
      const html = await res.text();
      expect(res.status, url).toBe(404);
      expect(html, url).not.toContain(content);
    }
  });

  it('answers with the security headers, revalidated, the stylesheet inlined, compressed as asked', async () => {
    const plain = await page('/about', { 'Accept-Language': 'en' });
    expect(plain.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(plain.res.headers.get('cache-control')).toBe('no-cache');
    expect(plain.res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(plain.html).toContain('<style>body{color:#111}</style>');
    expect(plain.html).not.toContain('app.css');

    const res = await fetch(`${server.url}/about`, { headers: { 'Accept-Language': 'en', 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    // fetch decodes it: the same page.
    expect(await res.text()).toBe(plain.html);
  });

  it('sends gzip to a client that refuses brotli (br;q=0), and the page as it is to one that accepts neither', async () => {
    const plain = await page('/about', { 'Accept-Language': 'en' });
    const gzip = await fetch(`${server.url}/about`, { headers: { 'Accept-Language': 'en', 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(plain.html);
    const identity = await fetch(`${server.url}/about`, { headers: { 'Accept-Language': 'en', 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(plain.html);
  });

  it('renders a page once for the same inputs, and again when one changes', async () => {
    const first = (await page('/about', { 'Accept-Language': 'en', Cookie: 'theme=dark' })).input!;
    const again = (await page('/about', { 'Accept-Language': 'en', Cookie: 'theme=dark' })).input!;
    expect(again.renders).toBe(first.renders);
    const otherLanguage = (await page('/about', { 'Accept-Language': 'en', Cookie: 'theme=dark; language=fa-AF' })).input!;
    expect(otherLanguage.renders).toBeGreaterThan(first.renders);
  });
});
