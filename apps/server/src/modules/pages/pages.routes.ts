import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageResponseSchema } from '@app/shared/schemas/common.schema';
import {
  PAGE_MSG,
  pageListQuerySchema,
  pageListResponseSchema,
  pageResponseSchema,
  pageSavedResponseSchema,
  pageSchema,
  publishedPagesResponseSchema,
} from '@app/shared/schemas/page.schema';
import { publicAccess, requires } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { createPage, deletePage, getPage, getPublishedPage, listPages, listPublishedPages, updatePage } from './pages.service.ts';
import { linkActivities } from '../activities/activities.service.ts';
import { pageActivityLinks } from './pages.repository.ts';

export async function pagesRoutes(app: FastifyInstance): Promise<void> {
  linkActivities('page', pageActivityLinks);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pages'];

  r.get('/pages', { config: requires('view-pages'), schema: { description: 'The site\'s pages, a page at a time.', tags, querystring: pageListQuerySchema, response: { 200: pageListResponseSchema } } }, async (request) =>
    listPages(app.db, request.query),
  );

  r.post('/pages', { config: requires('create-pages'), schema: { description: 'Add a site page.', tags, body: pageSchema, response: { 201: pageSavedResponseSchema } } }, async (request, reply) => {
    const data = await createPage(app.db, currentUser(request).id, request.body);
    return reply.code(201).send({ message: PAGE_MSG.created, data });
  });

  // The public site: the footer's links and the page at /pages/{slug}. Drafts are never served here.
  r.get('/pages/published', { config: publicAccess, schema: { description: 'The published pages, for the public site\'s menu.', tags, response: { 200: publishedPagesResponseSchema } } }, async () => ({ data: await listPublishedPages(app.db) }));

  r.get('/pages/published/:slug', { config: publicAccess, schema: { description: 'One published page by its slug, for the public site.', tags, params: z.object({ slug: z.string().min(1).max(255) }), response: { 200: pageResponseSchema } } }, async (request) => ({
    data: await getPublishedPage(app.db, request.params.slug),
  }));

  r.get('/pages/:id', { config: requires('view-pages'), schema: { description: 'One site page.', tags, params: idParam, response: { 200: pageResponseSchema } } }, async (request) => ({
    data: await getPage(app.db, request.params.id),
  }));

  r.put('/pages/:id', { config: requires('edit-pages'), schema: { description: 'Change a site page.', tags, params: idParam, body: pageSchema, response: { 200: pageSavedResponseSchema } } }, async (request) => ({
    message: PAGE_MSG.updated,
    data: await updatePage(app.db, currentUser(request).id, request.params.id, request.body),
  }));

  r.delete('/pages/:id', { config: requires('delete-pages'), schema: { description: 'Delete a site page.', tags, params: idParam, response: { 200: messageResponseSchema } } }, async (request) => {
    await deletePage(app.db, currentUser(request).id, request.params.id);
    return { message: PAGE_MSG.deleted };
  });
}
