import path from 'node:path';
import { createReadStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore as TusFileStore } from '@tus/file-store';
import type { Server as TusServer, Upload } from '@tus/server';
import { noContentResponseSchema } from '@app/shared/schemas/common.schema';
import { MEDIA_MESSAGES, mediaSavedResponseSchema, mediaUploadSchema } from '@app/shared/schemas/media.schema';
import { errorCodeForStatus } from '@app/shared/messages';
import { AppError } from '../../lib/app-error.ts';
import { requires } from '../../lib/access.ts';
import { issuesToErrors } from '../../lib/validate.ts';
import { currentUser } from '../../plugins/access.ts';
import { largestLimit } from './gallery-config.ts';
import { findActiveOrphan } from './gallery.repository.ts';
import { createFromUpload, type GalleryContext } from './gallery.service.ts';
import { receiveFile, tooLarge } from './media-content.ts';

/** Where the tus endpoint answers, under /api. */
export const RESUMABLE_PATH = '/uploads';

/** An error in tus's own shape, with our JSON body (`{message, code, errors?}`) for the page to show. */
function tusError(err: AppError): { status_code: number; body: string } {
  return { status_code: err.status, body: JSON.stringify({ message: err.message, code: err.code ?? errorCodeForStatus(err.status), ...(err.errors ? { errors: err.errors } : {}) }) };
}

/** The signed-in user of a tus request, set by the route before tus sees it. */
const uploaderOf = new WeakMap<object, number>();
function uploader(req: { runtime?: { node?: { req?: object } } }): number | null {
  const raw = req.runtime?.node?.req;
  return raw ? (uploaderOf.get(raw) ?? null) : null;
}

/**
 * Resumable uploads (issue 14): the tus protocol with @tus/server, mounted at /api/uploads behind
 * create-gallery. The page creates an upload with the gallery fields as Upload-Metadata (checked
 * at once, with the type's size limit against Upload-Length), sends the file in chunks and, after
 * a dropped connection, asks how far it got and sends the rest. When the last byte arrives the
 * file gets exactly the multipart upload's checks and all-or-nothing end (createFromUpload), and
 * the final PATCH answers the created item as JSON. An upload stays resumable for a day; a
 * refused one is removed at once. Several server processes share the folder (one machine).
 */
export async function resumableUploadRoutes(app: FastifyInstance, ctxOf: (request: FastifyRequest | null) => GalleryContext): Promise<void> {
  const base = ctxOf(null);
  const directory = base.config.resumableDir;
  await mkdir(directory, { recursive: true });
  // Loaded with the first resumable upload, not at start (decision 0020: about 6 MB resident that
  // a server nobody uploads to has no use for).
  let loaded: Promise<{ tus: TusServer; datastore: TusFileStore }> | undefined;
  const load = () => (loaded ??= Promise.all([import('@tus/server'), import('@tus/file-store')]).then(([server, store]) => build(server.Server, store.FileStore)));

  function build(Server: typeof TusServer, FileStore: typeof TusFileStore) {
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: base.config.resumableExpiryMs });
    const tus = new Server({
      path: `/api${RESUMABLE_PATH}`,
      datastore,
      relativeLocation: true,
      maxSize: () => largestLimit(base.config),
      async onUploadCreate(req, upload) {
        const parsed = mediaUploadSchema.safeParse(upload.metadata ?? {});
        if (!parsed.success) throw tusError(AppError.validationMany(issuesToErrors(parsed.error.issues)));
        if (!upload.metadata?.filename) throw tusError(AppError.validation('file', MEDIA_MESSAGES.fileRequired));
        const limit = base.config.maxBytes[parsed.data.media_type];
        if (upload.size === undefined) throw tusError(new AppError(400, 'The upload must say its length (Upload-Length).'));
        if (upload.size > limit) throw tusError(tooLarge(parsed.data.media_type, limit));
        if (upload.size === 0) throw tusError(AppError.validation('file', MEDIA_MESSAGES.fileEmpty));
        if (!(await findActiveOrphan(base.db, parsed.data.orphan_id))) throw tusError(AppError.validation('orphan_id', MEDIA_MESSAGES.orphanNotFound));
        // Whose upload it is: only they may resume, see or finish it.
        return { metadata: { ...upload.metadata, uploaded_by: String(uploader(req)) } };
      },
      async onIncomingRequest(req, uploadId) {
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        const upload = await datastore.getUpload(uploadId).catch(() => null);
        if (upload && upload.metadata?.uploaded_by !== String(uploader(req))) throw { status_code: 404, body: 'Not found\n' };
      },
      async onUploadFinish(req, upload) {
        try {
          return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(await finish(upload, uploader(req))) };
        } catch (err) {
          if (err instanceof AppError) throw tusError(err);
          base.log.error({ err, upload: upload.id }, 'resumable upload: could not finish');
          throw tusError(new AppError(500, 'The upload could not be saved. Please try again.'));
        }
      },
    });

    /** The whole file is here: move it into the storage, then the same end as a multipart upload. Never leaves the tus copy behind. */
    async function finish(upload: Upload, userId: number | null) {
      const file = path.join(directory, upload.id);
      try {
        const data = mediaUploadSchema.parse(upload.metadata ?? {});
        const limit = base.config.maxBytes[data.media_type];
        const stored = await receiveFile(base.store.files, createReadStream(file), limit, data.media_type);
        return await createFromUpload(base, userId, data, { ...stored, fileName: upload.metadata?.filename ?? 'file' });
      } finally {
        await datastore.remove(upload.id).catch((err: unknown) => base.log.warn({ err, upload: upload.id }, 'resumable upload: could not remove the received file'));
      }
    }
    return { tus, datastore };
  }

  // Forgotten uploads (a page closed for good) go after their day; checked at start and hourly.
  const sweep = async () => {
    try {
      // Nothing received, nothing to load tus for.
      if ((await readdir(directory)).length) await (await load()).tus.cleanUpExpiredUploads();
    } catch (err) {
      base.log.warn({ err }, 'resumable upload: expiry sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    void sweep();
  });
  const timer = setInterval(sweep, 60 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // tus reads the body itself: Fastify must leave the stream alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Received bytes are never served back: only HEAD of this route reaches tus.
    if (request.method === 'GET') throw AppError.notFound();
    uploaderOf.set(request.raw, currentUser(request).id);
    const { tus } = await load();
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const config = { ...requires('create-gallery') };
  const tags = ['gallery'];
  // The tus protocol's answers (tus writes them itself; declared for the API docs).
  const headerOnly = (status: 201 | 204, description: string) => ({ [status]: noContentResponseSchema.meta({ description }) });
  app.post(RESUMABLE_PATH, { config, schema: { tags, description: 'Start a resumable upload: Upload-Length, and Upload-Metadata with the gallery fields and the file name.', response: headerOnly(201, 'Created; Location names the upload.') } }, handler);
  app.patch(`${RESUMABLE_PATH}/:id`, {
    config,
    schema: { tags, description: 'Send bytes from Upload-Offset. The last ones answer the created item, checked as a multipart upload is.', response: { ...headerOnly(204, 'Received; Upload-Offset says how far.'), 200: mediaSavedResponseSchema } },
  }, handler);
  // HEAD (how far did it get?) comes with GET's route: GET itself answers 404 (tus has no download here).
  app.get(`${RESUMABLE_PATH}/:id`, { config, schema: { tags, description: 'HEAD: how far an upload got (Upload-Offset).', response: headerOnly(204, 'Upload-Offset and Upload-Length.') } }, handler);
  app.delete(`${RESUMABLE_PATH}/:id`, { config, schema: { tags, description: 'Cancel an upload and remove what was received.', response: headerOnly(204, 'Cancelled.') } }, handler);
}
