import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_MSG, confirmPasswordSchema, isPasswordChange, passwordChangeSchema, profileResponseSchema, profileSchema } from '@app/shared/schemas/profile.schema';
import { signedIn } from '../../lib/access.ts';
import { heldUnderLockdown } from '../../lib/lockdown-grants.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { currentUser } from '../../plugins/access.ts';
import { passwordGuard } from '../auth/auth.service.ts';
import { messageResponseSchema } from '@app/shared/schemas/common.schema';
import { changePassword, confirmPassword, updateProfile } from './profile.service.ts';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  // One call for both forms (spec section 7): a body with password fields is a password change.
  const documentedBody = { schema: z.union([profileSchema, passwordChangeSchema]) };
  app.withTypeProvider<ZodTypeProvider>().put('/profile', { config: { ...signedIn, documentedBody }, schema: { description: 'Change the signed-in user\'s own name, e-mail, password or preferences.', tags: ['profile'], response: { 200: profileResponseSchema } } }, async (request) => {
    const deps = { db: app.db, mailer: app.mailer, log: request.log, language: requestLanguage(request) };
    const caller = { user: currentUser(request), tokenId: request.tokenId, guard: passwordGuard(app, request) };
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    if (isPasswordChange(body)) {
      await changePassword(deps, caller, parseOrThrow(passwordChangeSchema, body));
      return { message: PROFILE_MSG.passwordUpdated };
    }
    // The user as saved, holding what this request holds (under lockdown, no sensitive class).
    const user = heldUnderLockdown(await updateProfile(deps, caller, parseOrThrow(profileSchema, body)), request.lockdown);
    return { message: PROFILE_MSG.profileUpdated, user };
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/profile/confirm-password',
    {
      config: signedIn,
      schema: {
        description: "Check the signed-in user's own password, typed again (before a phone keeps data sealed under it). Wrong: 422 on `password`; counted with every other current-password check, 429 past the count.",
        tags: ['profile'],
        body: confirmPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await confirmPassword({ db: app.db }, { user: currentUser(request), guard: passwordGuard(app, request) }, request.body.password);
      return { message: PROFILE_MSG.passwordConfirmed };
    },
  );
}
