import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';

/** Answers from this size on are compressed for a client that accepts it; below it the headers cost more than they save. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Every answer of a compressible type (JSON, HTML, text) over 1 KB goes compressed to a client
 * that accepts brotli or gzip — staff on slow links gain on every route — by one plugin; brotli
 * at a quality that keeps the CPU per answer small. Files already compressed (photos, videos)
 * are left as they are. Register before the routes: the plugin attaches itself to each route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
  // An answer sent uncompressed (the client asked for none) still varies by Accept-Encoding, so a
  // cache in between keeps the two apart; the plugin says so only on the answers it compresses.
  // Added after the plugin's own hook, so it sees what the plugin did.
  app.addHook('onRoute', (route) => {
    const varies = async (_request: unknown, reply: { getHeader(n: string): unknown; header(n: string, v: string): unknown }, payload: unknown) => {
      const vary = String(reply.getHeader('Vary') ?? '');
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;
      if (size >= COMPRESS_FROM_BYTES && !/accept-encoding/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      return payload;
    };
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), varies];
  });
}
