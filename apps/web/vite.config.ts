import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const backend = 'http://127.0.0.1:8000';

// In development Vite serves the SPA and forwards everything the server owns, so the browser
// sees one origin (cookies and CSRF behave as in production, where the server serves dist/).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
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
  },
});
