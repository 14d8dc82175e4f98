import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * What the server logs and what it never logs. Every line is pino JSON with the
 * request's id (`reqId`). Secrets must not reach a line: a bearer token, a cookie or CSRF token (in
 * headers, which the request serialiser below does not print and `redact` covers if anyone logs
 * them), and the secrets that ride in URLs — a signed file URL's `signature`, the reset link's
 * `token` and `email` — whose values are replaced before the URL is printed. Bodies are never logged.
 */

/**
 * Query parameters whose values are credentials, or the e-mail address a reset link carries
 * (personal, and half of what the link needs). Matched by name, ignoring case.
 */
const SECRET_QUERY = /^(signature|token|password|secret|key|code|e-?mail)$/i;

export const REDACTED = '[redacted]';

/** The URL with each credential's value replaced: `/storage/a.webp?expires=1&signature=[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* a malformed name is printed as sent; it is not one of ours */
      }
      return eq >= 0 && SECRET_QUERY.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** A client's `X-Request-Id` is kept when it is a plain token (so its lines cannot forge others); otherwise a new one. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the id every log line of the request carries, and the answer's `X-Request-Id`. */
export function requestId(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && CLIENT_ID.test(sent) ? sent : randomUUID();
}

interface SerializedRequest {
  method?: string;
  url?: string;
  host?: string;
  remoteAddress?: string;
}

/** pino options for the app's logger; `stream` lets a test read every line. */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream && { stream }),
    // Nothing logs headers today; if a line ever carries them, these never print.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
    serializers: {
      req(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remoteAddress?: string } }): SerializedRequest {
        return { method: req.method, url: req.url === undefined ? undefined : redactUrl(req.url), host: req.host, remoteAddress: req.ip ?? req.socket?.remoteAddress };
      },
    },
  };
}

/**
 * One line per request at `info` (operators of a deployment read them): when it was answered,
 * with its method and URL (credentials redacted), the route it matched, the status, the time taken
 * in milliseconds and the signed-in user's id (null when none) — never a body or a header. At
 * `debug` each request's arrival is logged too. Fastify's own request lines are off (app.ts).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, route: request.routeOptions.url ?? null, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 100) / 100, userId: request.user?.id ?? null },
      'request completed',
    );
  });
}
