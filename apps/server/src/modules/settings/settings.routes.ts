import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SETTINGS_MSG,
  publicSettingsSchema,
  settingsSchema,
  settingsUpdatedResponseSchema,
  siteSettingsSchema,
} from '@app/shared/schemas/settings.schema';
import { openInMaintenance, publicAccess, requires } from '../../lib/access.ts';
import { readFlatFields } from '../../lib/form-body.ts';
import { currentUser } from '../../plugins/access.ts';
import { getPublicSettings, getSettings, updateSettings } from './settings.service.ts';
import { linkActivities } from '../activities/activities.service.ts';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  // One set of settings: every entry about them links to their screen.
  linkActivities('settings', '/dashboard/settings');
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/settings', { config: requires('manage-settings'), schema: { description: 'Every site setting.', tags: ['settings'], response: { 200: siteSettingsSchema } } }, async () => getSettings(app.db));

  // The body is validated by the shared schema in the service: it may be JSON or multipart.
  const documentedBody = { schema: settingsSchema, consumes: ['application/json', 'multipart/form-data'] };
  r.put('/settings', { config: { ...requires('manage-settings'), documentedBody }, schema: { description: 'Change site settings.', tags: ['settings'], response: { 200: settingsUpdatedResponseSchema } } }, async (request) => {
    const data = await updateSettings(app.db, currentUser(request).id, await readFlatFields(request));
    return { message: SETTINGS_MSG.updated, data };
  });

  // Open during maintenance: the SPA reads maintenance_mode here to show its maintenance page.
  r.get('/settings/public', { config: { ...publicAccess, ...openInMaintenance }, schema: { description: 'The settings the public site shows.', tags: ['settings'], response: { 200: publicSettingsSchema } } }, async () =>
    getPublicSettings(app.db),
  );
}
