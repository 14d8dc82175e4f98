import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The bearer token lives in localStorage (spec), so script injection is the threat to close:
 * no inline or third-party script, no plugins, no framing. Inline styles stay allowed because
 * Radix and the rich-text editor set style attributes. The contact page embeds an OpenStreetMap.
 */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Inline event handlers (onclick=, onerror=) too: script-src already refuses them; said twice.
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ['https://www.openstreetmap.org'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Older browsers without frame-ancestors: no framing at all, as the CSP says.
  xFrameOptions: { action: 'deny' },
  // The default, named: no address (a reset link's token, a signed URL) leaves in a Referer.
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet writes, computed once: they depend on nothing in the request, and
 * building them per request (as @fastify/helmet does) was a measurable share of a small call.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** Answers of the server's own paths; the SPA's files set their own caching (plugins/spa.ts). */
const SERVER_PATHS = /^\/(api|storage|download|sanctum)(\/|$|\?)/;

/**
 * Every answer gets the headers above and its request's id. Every answer of the server's own
 * paths is `Cache-Control: no-store`: most carry personal data, and the few public ones
 * (/api/health, /api/settings/public, published pages) are small, read once per page load, and
 * must show a maintenance switch or an edited page at once — a cached copy would save little and
 * could keep a withdrawn page on a shared proxy. A route that may be cached says so itself (a signed
 * file: `private`, for the life of its signature, so no shared cache keeps a child's photo).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (SERVER_PATHS.test(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
