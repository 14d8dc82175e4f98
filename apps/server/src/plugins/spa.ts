import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serve the built SPA (apps/web/dist). Hashed assets are cached for a year; index.html is
 * revalidated so a deploy is picked up at once. Answers the history-fallback sender, or null
 * when the web app has not been built (development with Vite).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<((reply: FastifyReply) => unknown) | null> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No built web app at ${webDist}; run "npm run build" (or use "npm run dev").`);
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // .br/.gz written at build time (scripts/compress-assets.mjs): slow links get the small copy.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  return (reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
