import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, messageResponseSchema } from '@app/shared/schemas/common.schema';
import {
  SITE_MSG,
  siteCreateSchema,
  siteListQuerySchema,
  siteListResponseSchema,
  siteResponseSchema,
  siteSavedResponseSchema,
  siteUpdateSchema,
} from '@app/shared/schemas/sites.schema';
import { requires, signedIn } from '../../lib/access.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { createSite, deleteSite, getSite, listSites, updateSite } from './sites.service.ts';

export async function sitesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sites'];
  r.get('/sites', { config: signedIn, schema: { description: 'The sites the user holds (every site for manage-sites holders), a page at a time or all at once (no_pagination=true).', tags, querystring: siteListQuerySchema, response: { 200: siteListResponseSchema } } }, async (request) =>
    listSites(app.db, currentUser(request), siteScope(request), request.query),
  );
  r.post('/sites', { config: requires('manage-sites'), schema: { description: 'Add a site.', tags, body: siteCreateSchema, response: { 201: siteSavedResponseSchema } } }, async (request, reply) => {
    const data = await createSite(app.db, currentUser(request), request.body);
    return reply.code(201).send({ message: SITE_MSG.created, data });
  });
  r.get('/sites/:id', { config: signedIn, schema: { description: 'One site the user holds (any site for manage-sites holders).', tags, params: idParam, response: { 200: siteResponseSchema } } }, async (request) => ({
    data: await getSite(app.db, currentUser(request), siteScope(request), request.params.id),
  }));
  r.put('/sites/:id', { config: requires('manage-sites'), schema: { description: 'Change a site, or make it inactive; a stale updated_at answers 409.', tags, params: idParam, body: siteUpdateSchema, response: { 200: siteSavedResponseSchema } } }, async (request) => ({
    message: SITE_MSG.updated,
    data: await updateSite(app.db, currentUser(request), request.params.id, request.body),
  }));
  r.delete('/sites/:id', { config: requires('manage-sites'), schema: { description: 'Delete a site without children or staff.', tags, params: idParam, response: { 200: messageResponseSchema } } }, async (request) => {
    await deleteSite(app.db, currentUser(request), request.params.id);
    return { message: SITE_MSG.deleted };
  });
}
