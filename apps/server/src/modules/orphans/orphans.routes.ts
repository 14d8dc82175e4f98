import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ID, MAX_PHOTO_BYTES } from '@app/shared/constants';
import { ACCESS } from '@app/shared/permissions';
import {
  ORPHAN_PHOTO_FIELD,
  ORPHAN_REMOVE_PHOTO_FIELD,
  ORPHAN_RESPONSE_MESSAGES as RESPONSE,
  orphanDuplicateQuerySchema,
  orphanDuplicatesResponseSchema,
  orphanListQuerySchema,
  orphanPageSchema,
  orphanResponseSchema,
  orphanSavedResponseSchema,
  orphanSchema,
  orphanSelectorResponseSchema,
  trashedOrphanPageSchema,
  transferRequestSchema,
  transferSavedResponseSchema,
  transfersResponseSchema,
} from '@app/shared/schemas/orphan.schema';
import { messageResponseSchema } from '@app/shared/schemas/common.schema';
import { AppError } from '../../lib/app-error.ts';
import { requires } from '../../lib/access.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { readMultipartForm } from '../storage/uploads.service.ts';
import {
  createOrphan,
  getOrphan,
  possibleDuplicates,
  listOrphans,
  listTrashedOrphans,
  orphanSelector,
  purgeOrphan,
  restoreOrphan,
  servePhotos,
  trashOrphan,
  updateOrphan,
  viewableClasses,
  type OrphanContext,
  type OrphanRequest,
} from './orphans.service.ts';
import { recordRead } from '../read-log/read-log.service.ts';
import { childTransfers, transferChild } from './transfers.service.ts';
import { linkActivities } from '../activities/activities.service.ts';
import { orphanActivityLinks } from './orphans.repository.ts';

const idParams = z.object({ id: z.string() });

/** The create/update body as the API docs show it (readOrphanRequest reads it). */
const orphanBody = {
  schema: z.intersection(
    orphanSchema,
    z.object({
      [ORPHAN_PHOTO_FIELD]: z.string().meta({ format: 'binary', description: 'An image file (multipart only).' }).optional(),
      [ORPHAN_REMOVE_PHOTO_FIELD]: z.boolean().meta({ description: 'Remove the current photo.' }).optional(),
      _method: z.literal('PUT').meta({ description: 'With POST /orphans/{id}: update (multipart forms cannot PUT).' }).optional(),
      updated_at: z.string().meta({ description: "On update: the child's updated_at as it was read. If someone saved the child since, the update is refused with 409." }).optional(),
    }),
  ),
  consumes: ['application/json', 'multipart/form-data'],
};
const writeConfig = (permission: 'create-orphans' | 'edit-orphans') => ({ ...requires(permission), documentedBody: orphanBody });
const TAGS = ['orphans'];

/** Ids are integers from 1 to MAX_ID; anything else names no child (404, not a validation error). */
function orphanId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : 0;
  if (!id) throw AppError.notFound(RESPONSE.notFound);
  return id;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';

interface ReadRequest extends OrphanRequest {
  method?: string;
}

/**
 * The create/update body: JSON, or multipart with the fields appended one by one, `profile` as a
 * JSON string (or `profile[hobbies]` style fields) and `profile_photo` as the file.
 */
async function readOrphanRequest(request: FastifyRequest): Promise<ReadRequest> {
  let fields: Record<string, unknown>;
  let photo: Buffer | undefined;
  if (request.isMultipart()) {
    const form = await readMultipartForm(request, { fileFields: [ORPHAN_PHOTO_FIELD], maxFileBytes: MAX_PHOTO_BYTES });
    fields = {};
    const profile: Record<string, string> = {};
    for (const [name, value] of Object.entries(form.fields)) {
      const nested = /^profile\[(hobbies|talents|special_needs)\]$/.exec(name);
      if (nested) profile[nested[1]!] = value;
      else fields[name] = value;
    }
    if (Object.keys(profile).length && fields.profile === undefined) fields.profile = profile;
    photo = form.files[ORPHAN_PHOTO_FIELD]?.data;
  } else {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'The request body must be a JSON object.');
    fields = body as Record<string, unknown>;
  }
  const method = typeof fields._method === 'string' ? fields._method : undefined;
  return { fields, photo, removePhoto: truthy(fields[ORPHAN_REMOVE_PHOTO_FIELD]), method };
}

/** What the orphans service needs of a signed-in request: the database, the files, and who asks. */
export function orphanContext(app: FastifyInstance, request: FastifyRequest): OrphanContext {
  return {
    db: app.db,
    dialect: app.dialect,
    store: app.fileStore,
    log: request.log,
    scope: siteScope(request),
    sites: currentUser(request).sites,
    user: currentUser(request),
    viewable: viewableClasses(currentUser(request)),
  };
}

export async function orphansRoutes(app: FastifyInstance): Promise<void> {
  linkActivities('orphan', orphanActivityLinks);
  const r = app.withTypeProvider<ZodTypeProvider>();
  servePhotos(app.fileStore, app.db);
  const ctx = (request: FastifyRequest) => orphanContext(app, request);

  r.get('/orphans', { config: requires('view-orphans'), schema: { description: 'Children outside the trash, a page at a time, searched, filtered and sorted; with no_pagination, the short list for a selector.', tags: TAGS, querystring: orphanListQuerySchema, response: { 200: z.union([orphanPageSchema, orphanSelectorResponseSchema]) } } }, async (request) =>
    request.query.no_pagination ? orphanSelector(ctx(request), request.query) : listOrphans(ctx(request), request.query),
  );

  r.get('/orphans/trash', { config: requires('delete-orphans'), schema: { description: 'Children in the trash, a page at a time.', tags: TAGS, querystring: orphanListQuerySchema, response: { 200: trashedOrphanPageSchema } } }, async (request) =>
    listTrashedOrphans(ctx(request), request.query),
  );

  // Asked by the form before a new child is saved: the staff member sees likely duplicates, with
  // links, and may still save.
  r.get(
    '/orphans/possible-duplicates',
    { config: requires('create-orphans'), schema: { description: 'Children whose names and birth date resemble a new child\'s, asked before saving it.', tags: TAGS, querystring: orphanDuplicateQuerySchema, response: { 200: orphanDuplicatesResponseSchema } } },
    async (request) => possibleDuplicates(ctx(request), request.query),
  );

  r.get('/orphans/:id', { config: requires('view-orphans'), schema: { description: 'One child\'s record (the read is written to the access log).', tags: TAGS, params: idParams, response: { 200: orphanResponseSchema } } }, async (request) => {
    const id = orphanId(request.params.id);
    const answer = await getOrphan(ctx(request), id);
    await recordRead(app.db, request, { kind: 'details', orphanId: id });
    return answer;
  });

  r.post('/orphans', { config: writeConfig('create-orphans'), schema: { description: 'Add a child (JSON, or multipart with a photo).', tags: TAGS, response: { 201: orphanSavedResponseSchema } } }, async (request, reply) => {
    const body = await readOrphanRequest(request);
    return reply.code(201).send(await createOrphan(ctx(request), currentUser(request).id, body));
  });

  r.put('/orphans/:id', { config: writeConfig('edit-orphans'), schema: { description: 'Change a child\'s record; 409 when someone saved it since it was read.', tags: TAGS, params: idParams, response: { 200: orphanSavedResponseSchema } } }, async (request) => {
    const id = orphanId(request.params.id);
    return updateOrphan(ctx(request), currentUser(request).id, id, await readOrphanRequest(request));
  });

  // Browsers cannot send files with PUT from a form: POST with `_method=PUT` is the same update.
  r.post('/orphans/:id', { config: writeConfig('edit-orphans'), schema: { description: 'The same change as PUT, for multipart forms: POST with _method=PUT.', tags: TAGS, params: idParams, response: { 200: orphanSavedResponseSchema } } }, async (request) => {
    const id = orphanId(request.params.id);
    const body = await readOrphanRequest(request);
    if (body.method?.toUpperCase() !== 'PUT') throw new AppError(405, RESPONSE.methodNotAllowed, undefined, { Allow: 'GET, PUT, DELETE' });
    return updateOrphan(ctx(request), currentUser(request).id, id, body);
  });

  r.delete('/orphans/:id', { config: requires('delete-orphans'), schema: { description: 'Move a child to the trash; it can be restored.', tags: TAGS, params: idParams, response: { 200: messageResponseSchema } } }, async (request) =>
    trashOrphan(ctx(request), currentUser(request).id, orphanId(request.params.id)),
  );

  r.post('/orphans/:id/restore', { config: requires('delete-orphans'), schema: { description: 'Bring a child back from the trash.', tags: TAGS, params: idParams, response: { 200: orphanSavedResponseSchema } } }, async (request) =>
    restoreOrphan(ctx(request), currentUser(request).id, orphanId(request.params.id)),
  );

  // Purging cannot be undone: administrators only, and they must still hold delete-orphans.
  r.delete('/orphans/:id/purge', { config: requires(ACCESS.purgeOrphans), schema: { description: 'Delete a child in the trash for good, with everything recorded about them.', tags: TAGS, params: idParams, response: { 200: messageResponseSchema } } }, async (request) =>
    purgeOrphan(ctx(request), currentUser(request).id, orphanId(request.params.id)),
  );

  r.post(
    '/orphans/:id/transfer',
    { config: { ...requires('edit-orphans'), documentedBody: { schema: transferRequestSchema } }, schema: { description: 'Move a child to another site the user holds; its results, attendance and media go with it.', tags: TAGS, params: idParams, response: { 201: transferSavedResponseSchema } } },
    async (request, reply) => reply.code(201).send(await transferChild(ctx(request), currentUser(request).id, orphanId(request.params.id), request.body)),
  );

  r.get('/orphans/:id/transfers', { config: requires('view-orphans'), schema: { description: 'A child\'s moves between sites, latest first.', tags: TAGS, params: idParams, response: { 200: transfersResponseSchema } } }, async (request) =>
    childTransfers(ctx(request), orphanId(request.params.id)),
  );
}
