import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@app/shared/messages';
import { noContentResponseSchema } from '@app/shared/schemas/common.schema';
import { AppError } from '../lib/app-error.ts';
import { publicAccess, openInMaintenance } from '../lib/access.ts';
import { bearerToken } from './access.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const COOKIE = 'XSRF-TOKEN';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF as Sanctum's SPA flow: GET /sanctum/csrf-cookie sets a script-readable
 * XSRF-TOKEN cookie; an unsafe request without a bearer token must echo it in X-XSRF-TOKEN.
 * Bearer requests cannot be forged cross-site (the token is not sent automatically) and skip it.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.get('/sanctum/csrf-cookie', { config: { ...publicAccess, ...openInMaintenance }, schema: { description: 'Sets the XSRF-TOKEN cookie that a browser signing in with a session echoes in X-XSRF-TOKEN on every unsafe request.', tags: ['auth'], response: { 204: noContentResponseSchema } } }, async (_request, reply) => {
    reply.setCookie(COOKIE, randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: app.appConfig.appUrl.startsWith('https://'),
      maxAge: 60 * 60 * 2,
    });
    return reply.code(204).send();
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || bearerToken(request)) return;
    const cookie = request.cookies[COOKIE];
    const header = request.headers['x-xsrf-token'];
    const echoed = typeof header === 'string' ? decodeURIComponent(header) : '';
    if (!cookie || !echoed || !same(cookie, echoed)) throw new AppError(419, MSG.csrf);
  });
}
