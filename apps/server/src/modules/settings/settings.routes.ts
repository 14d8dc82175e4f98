import type { FastifyInstance } from 'fastify';
import { SETTINGS_MSG, settingsSchema } from '@app/shared/schemas/settings.schema';
import { openInMaintenance, publicAccess, requires } from '../../lib/access.ts';
import { readFlatFields } from '../../lib/form-body.ts';
import { currentUser } from '../../plugins/access.ts';
import { getPublicSettings, getSettings, updateSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/settings', { config: requires('manage-settings'), schema: { tags: ['settings'] } }, async () => getSettings(app.db));

  // The body is validated by the shared schema in the service: it may be JSON or multipart.
  const documentedBody = { schema: settingsSchema, consumes: ['application/json', 'multipart/form-data'] };
  app.put('/settings', { config: { ...requires('manage-settings'), documentedBody }, schema: { tags: ['settings'] } }, async (request) => {
    const data = await updateSettings(app.db, currentUser(request).id, await readFlatFields(request));
    return { message: SETTINGS_MSG.updated, data };
  });

  // Open during maintenance: the SPA reads maintenance_mode here to show its maintenance page.
  app.get('/settings/public', { config: { ...publicAccess, ...openInMaintenance }, schema: { tags: ['settings'] } }, async () =>
    getPublicSettings(app.db),
  );
}
