import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ID } from '@app/shared/constants';
import { messageResponseSchema } from '@app/shared/schemas/common.schema';
import {
  MEDIA_FILE_FIELD,
  MEDIA_MESSAGES,
  mediaListQuerySchema,
  mediaPageSchema,
  mediaResponseSchema,
  mediaSavedResponseSchema,
  mediaUpdateSchema,
  mediaUploadSchema,
  orphanMediaQuerySchema,
  orphanMediaResponseSchema,
} from '@app/shared/schemas/media.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { AppError } from '../../lib/app-error.ts';
import { requires } from '../../lib/access.ts';
import { issuesToErrors } from '../../lib/validate.ts';
import { currentUser } from '../../plugins/access.ts';
import { readGalleryUpload } from './gallery-upload.ts';
import { LENGTH_REQUIRED, type UploadQuotas } from './upload-quota.ts';
import { replaceableType, replaceMediaFile } from './gallery-replace.ts';
import { createFromUpload, deleteMedia, getMedia, listMedia, orphanMedia, updateMedia, type GalleryContext, type ReceivedUpload } from './gallery.service.ts';

const TAGS = ['gallery'];
const idParams = z.object({ id: z.string() });

/** Ids are integers from 1 to MAX_ID; anything else names nothing (404, not a validation error). */
export function pathId(raw: string, notFound: string): number {
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : 0;
  if (!id) throw AppError.notFound(notFound);
  return id;
}

const uploadBody = {
  schema: z.intersection(mediaUploadSchema, z.object({ [MEDIA_FILE_FIELD]: z.string().meta({ format: 'binary', description: 'The file; checked by its content against media_type.' }) })),
  consumes: ['multipart/form-data'],
};
const updateBody = {
  schema: z.intersection(mediaUpdateSchema, z.object({ [MEDIA_FILE_FIELD]: z.string().optional().meta({ format: 'binary', description: "Multipart only: a new file for the item, checked as an upload is against the item's media type." }) })),
  consumes: ['application/json', 'multipart/form-data'],
};

/**
 * The update: JSON fields, or a multipart form whose `file`, when one is chosen, replaces the
 * item's file (streamed to the storage with the item's type's limit, as an upload is).
 */
async function readUpdate(request: FastifyRequest, ctx: GalleryContext, id: number): Promise<{ fields: Record<string, unknown>; file: ReceivedUpload | null }> {
  if (request.isMultipart()) {
    const { fields, file } = await readGalleryUpload(request, ctx.config, await replaceableType(ctx, id));
    // A file input left empty sends an empty part without a name: no new file.
    if (file && file.size === 0 && !file.fileName) {
      await ctx.store.files.remove(file.key).catch(() => {});
      return { fields, file: null };
    }
    return { fields, file };
  }
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'The request body must be a JSON object.');
  return { fields: body as Record<string, unknown>, file: null };
}

/** `/api/galleries` and `/api/orphans/{id}/media` (spec section 7). */
export function galleryApiRoutes(ctxOf: (request: FastifyRequest) => GalleryContext, quotas: UploadQuotas) {
  /**
   * A multipart body with a file counts against its sender's daily bytes (and the free disk) by its
   * declared length, before it is read. A body sent in chunks declares none and could pass the day's
   * allowance unseen, so it is refused (browsers always send the length of a form).
   */
  const claimMultipart = (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    if (!Number.isSafeInteger(length) || length <= 0) throw new AppError(411, LENGTH_REQUIRED);
    return quotas.claim(randomUUID(), currentUser(request).id, length, false);
  };

  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/galleries', { config: requires('view-gallery'), schema: { description: 'Gallery items, a page at a time, with their filters.', tags: TAGS, querystring: mediaListQuerySchema, response: { 200: mediaPageSchema } } }, async (request) =>
      listMedia(ctxOf(request), request.query),
    );

    r.post(
      '/galleries',
      { config: { ...requires('create-gallery'), documentedBody: uploadBody }, schema: { description: 'Add a gallery item for a child: a photo, video or document (multipart).', tags: TAGS, response: { 201: mediaSavedResponseSchema } } },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError(415, 'The upload must be a multipart form (multipart/form-data).');
        const ctx = ctxOf(request);
        await claimMultipart(request);
        const { fields, file } = await readGalleryUpload(request, ctx.config);
        const parsed = mediaUploadSchema.safeParse(fields);
        const errors = parsed.success ? {} : issuesToErrors(parsed.error.issues);
        if (!file) errors[MEDIA_FILE_FIELD] = [MEDIA_MESSAGES.fileRequired];
        if (!parsed.success || !file) {
          if (file) await ctx.store.files.remove(file.key).catch(() => {});
          throw AppError.validationMany(errors);
        }
        return reply.code(201).send(await createFromUpload(ctx, currentUser(request).id, parsed.data, file));
      },
    );

    r.get('/galleries/:id', { config: requires('view-gallery'), schema: { description: 'One gallery item.', tags: TAGS, params: idParams, response: { 200: mediaResponseSchema } } }, async (request) =>
      getMedia(ctxOf(request), pathId(request.params.id, MEDIA_MESSAGES.notFound)),
    );

    const update = async (request: FastifyRequest, requireOverride: boolean) => {
      const id = pathId((request.params as { id: string }).id, MEDIA_MESSAGES.notFound);
      const ctx = ctxOf(request);
      if (request.isMultipart()) await claimMultipart(request);
      const { fields, file } = await readUpdate(request, ctx, id);
      if (requireOverride && String(fields._method ?? '').toUpperCase() !== 'PUT') {
        if (file) await ctx.store.files.remove(file.key).catch(() => {});
        throw new AppError(405, MEDIA_MESSAGES.methodNotAllowed, undefined, { Allow: 'GET, PUT, DELETE' });
      }
      if (file) return replaceMediaFile(ctx, currentUser(request).id, id, fields, file);
      return updateMedia(ctx, currentUser(request).id, id, fields);
    };
    const updateConfig = { config: { ...requires('edit-gallery'), documentedBody: updateBody }, schema: { description: 'Change a gallery item: title, description, child, or (multipart) its file. Multipart forms use POST with _method=PUT.', tags: TAGS, params: idParams, response: { 200: mediaSavedResponseSchema } } };
    // Multipart forms cannot PUT: POST with `_method=PUT` is the same update (spec section 7).
    r.post('/galleries/:id', updateConfig, (request) => update(request, true));
    r.put('/galleries/:id', updateConfig, (request) => update(request, false));

    r.delete('/galleries/:id', { config: requires('delete-gallery'), schema: { description: 'Delete one gallery item and its files.', tags: TAGS, params: idParams, response: { 200: messageResponseSchema } } }, async (request) =>
      deleteMedia(ctxOf(request), currentUser(request).id, pathId(request.params.id, MEDIA_MESSAGES.notFound)),
    );

    r.get(
      '/orphans/:id/media',
      { config: requires('view-gallery'), schema: { description: 'One child\'s gallery items, a page at a time.', tags: TAGS, params: idParams, querystring: orphanMediaQuerySchema, response: { 200: orphanMediaResponseSchema } } },
      async (request) => orphanMedia(ctxOf(request), pathId(request.params.id, ORPHAN_RESPONSE_MESSAGES.notFound), request.query),
    );
  };
}
