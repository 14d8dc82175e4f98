import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = 'http://127.0.0.1:8000';
const root = fileURLToPath(new URL('.', import.meta.url));

/** Where the server build of the public pages goes, inside the client's folder (decision 0038). */
export const SSR_DIR = '.ssr';

/**
 * Every client build (`npm run build`, or `vite build --outDir X` for a build of one's own) also
 * builds the server renderer of the public pages (src/entry-server.tsx) into <outDir>/.ssr, so the
 * server finds the two together. Bundled whole (React, i18next, the texts): the folder may live
 * anywhere, with no node_modules above it. A dot folder: the static files plugin never serves it.
 */
function serverRenderer(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'public-pages-server-renderer',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: path.join(path.resolve(root, config.build.outDir), SSR_DIR),
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
        },
      });
    },
  };
}

/** Where each HTML entry (index.html, public.html) takes the head they share, src/head.html. */
const SHARED_HEAD = /^[ \t]*<!-- shared-head:[^>]*-->\n/m;

/** The app's and the public pages' templates have one head, written once (in the build and in development). */
function sharedHead(): Plugin {
  return {
    name: 'shared-head',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(SHARED_HEAD, () => readFileSync(path.join(root, 'src/head.html'), 'utf8')),
    },
  };
}

/**
 * The public pages paint from their HTML (decision 0038): their scripts only hydrate islands, so
 * the built public.html asks for them at low priority, behind the page itself
 * and its fonts; at the default high priority a script that happened to arrive before the first
 * paint counted as render-blocking in Lighthouse's slow-link simulation (a first paint that varied
 * for the same bytes with how busy the machine was).
 */
function publicScriptsLowPriority(): Plugin {
  return {
    name: 'public-scripts-low-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) =>
        path.basename(context.filename) !== 'public.html'
          ? html
          : html.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`),
    },
  };
}

/**
 * The dashboard installs as an app and opens with no connection: a web app manifest and a
 * service worker (Workbox) that precaches the app's shell — its HTML, scripts, styles, fonts and
 * every screen's chunk — and answers any /dashboard address with it. The public pages (rendered on
 * the server, sign-in among them) are not cached: offline they are the browser's own page, as
 * everything the API answers. A new version waits until the reader chooses to load it
 * (app/app-updates.tsx): nobody is reloaded in the middle of their work. The server renderer's own
 * build (above) makes no service worker.
 */
function installableDashboard(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the dashboard's entry itself, never by the public pages (app/app-updates.tsx).
    injectRegister: false,
    manifest: {
      name: 'Orphan Care',
      short_name: 'Orphan Care',
      description: 'Staff dashboard: children, attendance and school results.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      background_color: '#f9fafb',
      theme_color: '#0f766e',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff2,svg}'],
      // The public pages' template and server renderer, and the compressed copies the server sends itself.
      globIgnores: ['public.html', '.ssr/**', '**/*.br', '**/*.gz', '.vite/**'],
      navigateFallback: '/index.html',
      // "/" is the public home page, not the app's index.html.
      directoryIndex: null,
      navigateFallbackAllowlist: [/^\/dashboard(\/|$)/],
      cleanupOutdatedCaches: true,
      // The rich-text editor's and the charts' chunks are the largest; each screen must open offline.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}

// In development Vite serves the SPA and forwards everything the server owns, so the browser
// sees one origin (cookies and CSRF behave as in production, where the server serves dist/).
export default defineConfig({
  root,
  plugins: [sharedHead(), react(), tailwindcss(), serverRenderer(), publicScriptsLowPriority(), installableDashboard()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': backend,
      '/sanctum': backend,
      '/storage': backend,
      '/download': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph e2e/build-budget.e2e.ts sums a page's first load from.
    manifest: true,
    rollupOptions: {
      // The app (index.html) and the template of the server-rendered public pages with their islands.
      input: { main: path.join(root, 'index.html'), public: path.join(root, 'public.html') },
    },
  },
});
