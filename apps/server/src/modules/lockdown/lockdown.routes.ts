import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lockdownChangedResponseSchema, lockdownPasswordSchema, lockdownStateResponseSchema } from '@app/shared/schemas/lockdown.schema';
import { requires, signedIn } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { passwordGuard } from '../auth/auth.service.ts';
import { beginLockdown, endLockdown, lockdownState } from './lockdown.service.ts';

export async function lockdownRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lockdown'];
  const caller = (request: Parameters<typeof currentUser>[0]) => ({ user: currentUser(request), tokenId: request.tokenId, guard: passwordGuard(app, request) });

  // Any signed-in user: the dashboard shows a banner while it is on.
  r.get('/lockdown', { config: signedIn, schema: { description: 'Whether lockdown is on, and since when.', tags, response: { 200: lockdownStateResponseSchema } } }, async () => ({
    data: await lockdownState(app.db),
  }));

  // Maintenance never closes these: a Super Admin holds `administer`, whom it leaves at work.
  r.post('/lockdown', { config: requires('lockdown'), schema: { description: 'Start lockdown (the caller\'s password again): every other session ends, maintenance mode goes on, and sensitive details are hidden from everyone but Super Admins.', tags, body: lockdownPasswordSchema, response: { 200: lockdownChangedResponseSchema } } }, async (request) =>
    beginLockdown(app.db, caller(request), request.body.password),
  );

  r.delete('/lockdown', { config: requires('lockdown'), schema: { description: 'Lift lockdown (the caller\'s password again): sensitive details show again, and maintenance mode is put back as it was before.', tags, body: lockdownPasswordSchema, response: { 200: lockdownChangedResponseSchema } } }, async (request) =>
    endLockdown(app.db, caller(request), request.body.password),
  );
}
