import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { currentUserResponseSchema, loginResponseSchema, loginSchema, registerResponseSchema, registerSchema } from '@app/shared/schemas/auth.schema';
import { messageResponseSchema } from '@app/shared/schemas/common.schema';
import { AppError } from '../../lib/app-error.ts';
import { openInMaintenance, publicAccess, signedIn } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { login, passwordGuard, register } from './auth.service.ts';
import { revokeAllTokens, revokeToken } from './tokens.service.ts';

/** New accounts per address per hour; stops scripted sign-up floods without bothering people. */
const REGISTRATIONS_PER_HOUR = 20;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/login', { config: { ...publicAccess, ...openInMaintenance }, schema: { description: 'Sign in with e-mail and password; answers the user and a bearer token.', tags: ['auth'], body: loginSchema, response: { 200: loginResponseSchema } } }, async (request) =>
    login({ db: app.db, guard: passwordGuard(app, request), life: app.appConfig, mailer: app.mailer, log: request.log }, request.body),
  );

  r.post('/auth/register', { config: publicAccess, schema: { description: 'Create an account with a name, e-mail and password.', tags: ['auth'], body: registerSchema, response: { 201: registerResponseSchema } } }, async (request, reply) => {
    const { count, retryAfter } = await app.limiter.hit(`register:${request.ip}`, 3600);
    if (count > REGISTRATIONS_PER_HOUR) throw new AppError(429, MSG.tooManyRequests, undefined, { 'Retry-After': String(retryAfter) });
    await register(app.db, passwordGuard(app, request), request.body);
    return reply.code(201).send({ message: MSG.registered, redirectTo: '/login' });
  });

  r.post('/auth/logout', { config: { ...signedIn, ...openInMaintenance }, schema: { description: 'Sign out: the token used is revoked at once.', tags: ['auth'], response: { 200: messageResponseSchema } } }, async (request) => {
    if (request.tokenId !== null) await revokeToken(app.db, request.tokenId);
    return { message: MSG.loggedOut };
  });

  r.post('/auth/logout-everywhere', { config: { ...signedIn, ...openInMaintenance }, schema: { description: "Sign out everywhere: every token of the signed-in user is revoked at once, the one used too.", tags: ['auth'], response: { 200: messageResponseSchema } } }, async (request) => {
    await revokeAllTokens(app.db, currentUser(request).id);
    return { message: MSG.loggedOutEverywhere };
  });

  r.get('/auth/user', { config: { ...signedIn, ...openInMaintenance }, schema: { description: 'The signed-in user, with roles and permissions.', tags: ['auth'], response: { 200: currentUserResponseSchema } } }, async (request) => ({
    user: currentUser(request),
  }));
}
