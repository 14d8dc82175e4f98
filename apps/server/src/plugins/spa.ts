import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { loadPublicPages, type PublicPageData } from './public-pages.ts';

const TEMPLATES = new Set(['/public.html', '/public.html.br', '/public.html.gz']);

/** A path under the build folder a browser may fetch: no dot-named part anywhere, no template. */
export function servedToBrowsers(pathname: string): boolean {
  return !pathname.split('/').some((part) => part.startsWith('.')) && !TEMPLATES.has(pathname);
}

/**
 * Serve the built SPA (apps/web/dist). Hashed assets are cached for a year; index.html is
 * revalidated so a deploy is picked up at once. Answers the history-fallback sender, or null
 * when the web app has not been built (development with Vite). With the public pages' server
 * renderer in the build (decision 0038) the fallback answers a public page with its rendered
 * HTML, and the app's index.html for the rest (the dashboard, the sign-in pages).
 */
export async function registerSpa(app: FastifyInstance, webDist: string, publicData?: PublicPageData): Promise<((reply: FastifyReply) => unknown) | null> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No built web app at ${webDist}; run "npm run build" (or use "npm run dev").`);
    return null;
  }
  const publicPages = publicData ? await loadPublicPages(app, webDist, publicData) : null;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    // Only what a browser needs: not the build's internals (the renderer in .ssr, Vite's
    // manifest, the .built stamp) nor the public pages' template; those answer as unknown pages.
    allowedPath: servedToBrowsers,
    // With rendered public pages, "/" is the home page, rendered like the others (the fallback).
    index: publicPages ? false : ['index.html'],
    // .br/.gz written at build time (scripts/compress-assets.mjs): slow links get the small copy.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  const sendApp = (reply: FastifyReply) => reply.code(200).header('Cache-Control', 'no-cache').sendFile('index.html');
  if (!publicPages) return sendApp;
  const sendPage = async (reply: FastifyReply) => ((await publicPages(reply.request, reply)) ? reply : sendApp(reply));
  // The static files answer a folder without an index with 403; the home page is a page like the others.
  app.get('/', (_request, reply) => sendPage(reply));
  return sendPage;
}
