import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { messageResponseSchema } from '@app/shared/schemas/common.schema';
import { PASSWORD_RESET_MSG, forgotPasswordSchema, resetPasswordSchema } from '@app/shared/schemas/password-reset.schema';
import { AppError } from '../../lib/app-error.ts';
import { openInMaintenance, publicAccess } from '../../lib/access.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

/** Requests per client address per window, for each of the two calls. */
const PER_WINDOW = 10;
const WINDOW_SECONDS = 15 * 60;

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const throttle = async (name: string, ip: string) => {
    const { count, retryAfter } = await app.limiter.hit(`${name}:${ip}`, WINDOW_SECONDS);
    if (count > PER_WINDOW) throw new AppError(429, MSG.tooManyRequests, undefined, { 'Retry-After': String(retryAfter) });
  };

  r.post('/auth/forgot-password', { config: { ...publicAccess, ...openInMaintenance }, schema: { description: 'E-mail a password-reset link; the answer is the same whether the address has an account or not.', tags, body: forgotPasswordSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    await throttle('forgot-password', request.ip);
    await requestPasswordReset({ db: app.db, mailer: app.mailer, appUrl: app.appConfig.appUrl, log: request.log }, request.body.email, requestLanguage(request));
    return { message: PASSWORD_RESET_MSG.linkSent };
  });

  r.post('/auth/reset-password', { config: { ...publicAccess, ...openInMaintenance }, schema: { description: 'Set a new password with the token from the e-mailed link.', tags, body: resetPasswordSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    await throttle('reset-password', request.ip);
    await resetPassword({ db: app.db }, request.body, request.ip);
    return { message: PASSWORD_RESET_MSG.reset };
  });
}
