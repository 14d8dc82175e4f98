import path from 'node:path';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore as TusFileStore } from '@tus/file-store';
import type { Locker, Server as TusServer, Upload as TusUpload } from '@tus/server';
import { noContentResponseSchema } from '@app/shared/schemas/common.schema';
import { MEDIA_MESSAGES, mediaSavedResponseSchema, mediaUploadSchema, type MediaItem, type MediaType } from '@app/shared/schemas/media.schema';
import { can } from '@app/shared/permissions';
import { errorCodeForStatus } from '@app/shared/messages';
import type { Language } from '@app/shared/i18n/languages';
import { localiseMessage } from '@app/shared/i18n/localise';
import { AppError } from '../../lib/app-error.ts';
import { requires } from '../../lib/access.ts';
import { DatabaseLocks, LockNotTaken } from '../../lib/database-locks.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { errorAnswer } from '../../plugins/errors.ts';
import { FinishedUploads, type RefusedUpload, type SavedUpload, type UploadOutcome } from './finished-uploads.ts';
import { largestLimit } from './gallery-config.ts';
import { checkNewUpload, checkReplacement, replacementFields } from './resumable-metadata.ts';
import { replaceMediaFile } from './gallery-replace.ts';
import { createFromUpload, getMedia, type GalleryContext } from './gallery.service.ts';
import type { SiteScope } from '../orphans/orphans.service.ts';
import { newGalleryKey, receiveFile, tooLarge } from './media-content.ts';
import { receivedStore } from './received-store.ts';
import type { UploadQuotas } from './upload-quota.ts';
import { resolveInterrupted } from './resumable-recovery.ts';

/** Where the tus endpoint answers, under /api. */
export const RESUMABLE_PATH = '/uploads';
/** The media item a finished upload became: on the last PATCH's answer and on a HEAD after it. */
export const MEDIA_ID_HEADER = 'Upload-Media-Id';
/**
 * A refused upload's answer body (`{message, code, errors?}` in the reader's language) as a
 * percent-encoded header, on a HEAD after the refusal and on a PATCH: a HEAD's answer has no body,
 * and the page shows the refusal instead of starting over (decision 0038).
 */
export const REFUSAL_HEADER = 'Upload-Refusal';

/**
 * Refusals the page gives up on (413, 422, 404…) are remembered; one worth trying again (busy,
 * locked, a conflict, a timeout) is not: its upload is forgotten and sent again, as before.
 */
const remembered = (status: number) => status >= 400 && status < 500 && ![408, 409, 423, 429].includes(status);

/** All bytes here and no save recorded after this long: the process that received them ended before it began (saving starts at once). */
const SAVE_START_MS = 60_000;

const UPLOAD_LENGTH_REQUIRED = 'The upload must say its length (Upload-Length).';
const NOT_SAVED = 'The upload could not be saved. Please try again.';
const UPLOAD_BUSY = 'This upload is busy with another request. Please try again.';

/** How long a request waits for an upload another request holds before answering 423 (tus-js-client asks again). */
const LOCK_WAIT_MS = 30_000;
/** How long a repeated finish waits for the first one to end (saving a large video takes a while). */
const FINISH_WAIT_MS = 10 * 60_000;

/** A save's answer in the reader's language. */
const localisedSave = (saved: { message: string; data: MediaItem }, language: Language) => ({ ...saved, message: localiseMessage(saved.message, language) });

/** Who sends a tus request and in what language they read (lib/request-language.ts), set by the route before tus sees it. */
const NO_SITES: SiteScope = { ids: [] };

interface Sender {
  userId: number;
  language: Language;
  /** Holds edit-gallery: may replace an item's file. */
  canEdit: boolean;
  /** The sites whose children the uploader reaches: the metadata's child and the item replaced must be of them. */
  scope: SiteScope;
}
type TusRequest = { runtime?: { node?: { req?: object } } };
const senderOf = new WeakMap<object, Sender>();
const sender = (req: TusRequest): Sender | undefined => {
  const raw = req.runtime?.node?.req;
  return raw ? senderOf.get(raw) : undefined;
};
const uploader = (req: TusRequest): number | null => sender(req)?.userId ?? null;

/**
 * An error in tus's own shape, with our JSON body (`{message, code, errors?}`) for the page to
 * show, in the sender's language as every route answers (decision 0030; tus writes its answers
 * itself, past the error handler that localises the others).
 */
function tusError(err: AppError, req: TusRequest): { status_code: number; body: string } {
  return { status_code: err.status, body: JSON.stringify(errorAnswer(sender(req)?.language ?? 'en', err.message, err.code ?? errorCodeForStatus(err.status), err.errors)) };
}

/**
 * Resumable uploads: the tus protocol with @tus/server, mounted at /api/uploads behind
 * create-gallery. The page creates an upload with the gallery fields as Upload-Metadata — or, to
 * replace an item's file (edit-gallery too), `replaces` with the item's id and the update's fields
 * (resumable-metadata.ts) — checked at once, with the type's size limit against Upload-Length. It
 * sends the file in chunks and, after a dropped connection, asks how far it got and sends the
 * rest. When the last byte arrives the file gets exactly the multipart request's checks and
 * all-or-nothing end (createFromUpload, replaceMediaFile), and the final PATCH answers the item as
 * JSON; a HEAD after it, whose answer was lost, learns the item — or the refusal, which a PATCH
 * answers again too (finished-uploads.ts, decision 0040). A save cut off by a crash is resolved at
 * start and on the next HEAD (resumable-recovery.ts). An upload stays resumable for a day; a
 * refused one's bytes are removed at once. Several server processes share the folder; an upload's
 * lock is in the database, so two requests for one upload never write at once, whichever
 * processes they reach, and it finishes once (finishOnce).
 */
export async function resumableUploadRoutes(app: FastifyInstance, ctxOf: (request: FastifyRequest | null) => GalleryContext, quotas: UploadQuotas): Promise<void> {
  const base = ctxOf(null);
  const directory = base.config.resumableDir;
  await mkdir(directory, { recursive: true });
  const finished = new FinishedUploads(`${directory}-finished`, base.config.resumableExpiryMs);
  await finished.init();
  const locks = new DatabaseLocks(base.db, base.log);
  // Loaded with the first resumable upload, not at start (decision 0020: memory that a server
  // nobody uploads to has no use for).
  let loaded: Promise<{ tus: TusServer; datastore: TusFileStore }> | undefined;
  const load = () => (loaded ??= Promise.all([import('@tus/server'), import('@tus/file-store')]).then(([server, store]) => build(server.Server, server.Upload, store.FileStore)));

  function build(Server: typeof TusServer, Upload: typeof TusUpload, FileStore: typeof TusFileStore) {
    // A removed upload's bytes are no longer held: its quota claim is closed before tus answers (a cancel too).
    const datastore = receivedStore(FileStore, Upload, finished, directory, base.config.resumableExpiryMs, (id) => quotas.close(id), (id, offset) => base.store.scratch(id, offset));
    const tus = new Server({
      path: `/api${RESUMABLE_PATH}`,
      datastore,
      relativeLocation: true,
      // In the database, not in this process: a request to another process or machine waits too.
      locker: (req) => uploadLocker(req),
      maxSize: () => largestLimit(base.config),
      async onUploadCreate(req, upload) {
        const metadata = upload.metadata ?? {};
        let mediaType: MediaType;
        try {
          const asSender = { ...base, scope: sender(req)?.scope ?? NO_SITES };
          mediaType = metadata.replaces != null ? await checkReplacement(asSender, metadata, !!sender(req)?.canEdit) : await checkNewUpload(asSender, metadata);
          if (!metadata.filename) throw AppError.validation('file', MEDIA_MESSAGES.fileRequired);
          const limit = base.config.maxBytes[mediaType];
          if (upload.size === undefined) throw new AppError(400, UPLOAD_LENGTH_REQUIRED);
          if (upload.size > limit) throw tooLarge(mediaType, limit);
          if (upload.size === 0) throw AppError.validation('file', MEDIA_MESSAGES.fileEmpty);
          // Last: a refused upload claims nothing.
          await quotas.claim(upload.id, uploader(req) ?? 0, upload.size, true);
        } catch (err) {
          throw err instanceof AppError ? tusError(err, req) : err;
        }
        // Whose upload it is: only they may resume, see or finish it. A replacement's type is its item's.
        return { metadata: { ...metadata, media_type: mediaType, uploaded_by: String(uploader(req)) } };
      },
      async onIncomingRequest(req, uploadId) {
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        const upload = await datastore.getUpload(uploadId).catch(() => null);
        if (upload && upload.metadata?.uploaded_by !== String(uploader(req))) throw { status_code: 404, body: 'Not found\n' };
      },
      async onUploadFinish(req, upload) {
        try {
          const saved = await finishOnce(upload, sender(req));
          return { status_code: 200, headers: { 'Content-Type': 'application/json', [MEDIA_ID_HEADER]: String(saved.data.id) }, body: JSON.stringify(localisedSave(saved, sender(req)?.language ?? 'en')) };
        } catch (err) {
          if (err instanceof AppError) throw tusError(err, req);
          base.log.error({ err, upload: upload.id }, 'resumable upload: could not finish');
          throw tusError(new AppError(500, NOT_SAVED), req);
        }
      },
    });

    /** tus's lock of one upload for one request, in the database (lib/database-locks.ts); waiting too long answers 423. */
    function uploadLocker(req: TusRequest): Locker {
      return {
        newLock(id) {
          let held: { release(): Promise<void> } | undefined;
          return {
            async lock(signal, requestRelease) {
              try {
                held = await locks.acquire(`upload:${id}`, { timeoutMs: LOCK_WAIT_MS, signal, onReleaseRequested: requestRelease });
              } catch (err) {
                throw err instanceof LockNotTaken ? tusError(new AppError(423, UPLOAD_BUSY), req) : err;
              }
            },
            async unlock() {
              await held?.release();
            },
          };
        },
      };
    }

    /**
     * tus runs the finish after releasing the upload's lock, so requests that arrive meanwhile
     * (a zero-length PATCH at the final offset, sent again) would finish it again: one file saved
     * many times. The finish holds a lock of its own; whoever gets it after the first learns what
     * the upload became and answers that: the same item, or the same refusal.
     */
    async function finishOnce(upload: TusUpload, who: Sender | undefined): Promise<{ message: string; data: MediaItem }> {
      let lock: { release(): Promise<void> };
      try {
        lock = await locks.acquire(`upload-finish:${upload.id}`, { timeoutMs: FINISH_WAIT_MS });
      } catch (err) {
        throw err instanceof LockNotTaken ? new AppError(423, UPLOAD_BUSY) : err;
      }
      try {
        const known = await finished.find(upload.id);
        if (known) {
          const outcome = finished.interrupted(upload.id, known) ? await resolve(upload.id, known) : known;
          if (!outcome) throw AppError.notFound();
          if (outcome.uploaded_by !== String(who?.userId ?? null)) throw AppError.notFound();
          if (outcome.state === 'refused') throw refusedError(outcome);
          return await savedAnswer(outcome);
        }
        // Finished and its record lost: the bytes went with the first finish.
        if (!(await datastore.getUpload(upload.id).catch(() => null))) throw AppError.notFound();
        return await finish(upload, who);
      } finally {
        await lock.release().catch((err: unknown) => base.log.warn({ err, upload: upload.id }, 'resumable upload: could not release its finish'));
      }
    }

    /**
     * The whole file is here: move it into the storage, then the same end as a multipart upload.
     * What it became — an item or a refusal — is recorded for a HEAD whose answer was lost, and
     * its save is recorded first, so a save cut off by a crash can be resolved (resumable-recovery.ts).
     * Never leaves the tus copy behind.
     */
    async function finish(upload: TusUpload, who: Sender | undefined) {
      const file = path.join(directory, upload.id);
      const userId = who?.userId ?? null;
      const uploadedBy = String(userId);
      const key = newGalleryKey();
      try {
        await finished.saving(upload.id, { uploaded_by: uploadedBy, file_key: key, size: upload.size ?? 0 });
        const metadata = upload.metadata ?? {};
        // Checked when the upload began and again now: the permission may have been taken away meanwhile.
        if (metadata.replaces != null && !who?.canEdit) throw AppError.forbidden();
        const mediaType = metadata.media_type as MediaType;
        // The sites as they are now, on the finishing request: one taken away meanwhile refuses the save.
        const asSender = { ...base, scope: who?.scope ?? NO_SITES };
        const bytes = createReadStream(file);
        const revealed = base.store.scratch(upload.id);
        bytes.on('error', (err) => revealed.destroy(err));
        const stored = await receiveFile(base.store.files, bytes.pipe(revealed), base.config.maxBytes[mediaType], mediaType, key);
        const received = { ...stored, fileName: metadata.filename ?? 'file' };
        const saved =
          metadata.replaces != null
            ? await replaceMediaFile(asSender, userId, Number(metadata.replaces), replacementFields(metadata), received)
            : await createFromUpload(asSender, userId, mediaUploadSchema.parse(metadata), received);
        // Before the received bytes go: a page whose answer is lost learns the item from this (finished-uploads.ts).
        await finished
          .record(upload.id, { state: 'saved', media_id: saved.data.id, size: upload.size ?? stored.size, uploaded_by: uploadedBy, message: saved.message })
          .catch((err: unknown) => base.log.warn({ err, upload: upload.id }, 'resumable upload: could not keep what it became'));
        return saved;
      } catch (err) {
        const outcome: RefusedUpload | null =
          err instanceof AppError && remembered(err.status) ? { state: 'refused', status: err.status, message: err.message, code: err.code, errors: err.errors, uploaded_by: uploadedBy, size: upload.size } : null;
        await (outcome ? finished.record(upload.id, outcome) : finished.forget(upload.id)).catch((e: unknown) => base.log.warn({ err: e, upload: upload.id }, 'resumable upload: could not keep its refusal'));
        throw err;
      } finally {
        finished.savedOrGivenUp(upload.id);
        await datastore.remove(upload.id).catch((err: unknown) => base.log.warn({ err, upload: upload.id }, 'resumable upload: could not remove the received file'));
      }
    }
    return { tus, datastore };
  }

  /** What a finished upload answered, again: its item as it is now, with the first answer's message. */
  const savedAnswer = async (outcome: SavedUpload) => ({ message: outcome.message ?? MEDIA_MESSAGES.created, ...(await getMedia(base, outcome.media_id)) });
  /** A remembered refusal as the error it was. */
  const refusedError = (outcome: RefusedUpload) => new AppError(outcome.status, outcome.message, outcome.errors, undefined, outcome.code);

  /** The received bytes of an upload go (tus's copy and its metadata). */
  const removeReceived = async (id: string) => {
    const { datastore } = await load();
    await datastore.remove(id).catch(() => {
      // Already gone: removing twice is the same.
    });
  };
  const resolve = (id: string, outcome: Parameters<typeof resolveInterrupted>[4]) => resolveInterrupted(base, finished, removeReceived, id, outcome);

  // Forgotten uploads (a page closed for good) go after their day; checked at start and hourly.
  // At start, saves that a crash cut off are resolved too (resumable-recovery.ts).
  const sweep = async (starting: boolean) => {
    try {
      if (starting) for (const { id, outcome } of await finished.allInterrupted()) await resolve(id, outcome);
      // Nothing received, nothing to load tus for.
      if ((await readdir(directory)).length) await (await load()).tus.cleanUpExpiredUploads();
      await finished.sweep();
    } catch (err) {
      base.log.warn({ err }, 'resumable upload: expiry sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    void sweep(true);
  });
  const timer = setInterval(() => void sweep(false), 60 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // tus reads the body itself: Fastify must leave the stream alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  /** A remembered refusal, as the error handler answers it, with its body also in REFUSAL_HEADER for a HEAD. */
  const refusal = (request: FastifyRequest, outcome: RefusedUpload) => {
    const body = errorAnswer(requestLanguage(request), outcome.message, outcome.code, outcome.errors);
    return new AppError(outcome.status, outcome.message, outcome.errors, { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store', [REFUSAL_HEADER]: encodeURIComponent(JSON.stringify(body)) }, outcome.code);
  };

  /** What became of this user's upload whose bytes all came (null: nothing is known, or it is not theirs); a save cut off by a crash is resolved first. */
  const outcomeOf = async (request: FastifyRequest, id: string): Promise<UploadOutcome | null> => {
    const outcome = await finished.find(id);
    if (!outcome || outcome.uploaded_by !== String(currentUser(request).id)) return null;
    return finished.interrupted(id, outcome) ? resolve(id, outcome) : outcome;
  };

  /**
   * HEAD of an upload whose bytes are all here: still being saved (423, and tus-js-client asks
   * again), saved — the item is named, and the page finishes as if the last PATCH's answer had
   * arrived — or refused (its refusal again, REFUSAL_HEADER saying it). Anything else is tus's to
   * answer. Whether it is this user's is checked as tus's onIncomingRequest does.
   */
  const answerComplete = async (request: FastifyRequest, reply: FastifyReply, id: string): Promise<boolean> => {
    const userId = String(currentUser(request).id);
    const { datastore } = await load();
    const upload = await datastore.getUpload(id).catch(() => null);
    if (upload && (upload.size === undefined || upload.offset !== upload.size || upload.metadata?.uploaded_by !== userId)) return false;
    const outcome = await outcomeOf(request, id);
    const head = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };
    if (!outcome) {
      if (!upload || !(await datastore.getUpload(id).catch(() => null))) return false;
      // Every byte here and no save recorded: one is about to begin, unless the process that took the bytes ended first.
      const received = await stat(path.join(directory, id)).catch(() => null);
      if (received && Date.now() - received.mtimeMs > SAVE_START_MS) {
        await removeReceived(id);
        return false;
      }
      await reply.code(423).headers(head).send();
      return true;
    }
    if (outcome.state === 'refused') throw refusal(request, outcome);
    if (outcome.state === 'saving') {
      await reply.code(423).headers(head).send();
      return true;
    }
    const size = String(outcome.size);
    await reply.code(200).headers({ ...head, 'Upload-Offset': size, 'Upload-Length': size, [MEDIA_ID_HEADER]: String(outcome.media_id) }).send();
    return true;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Received bytes are never served back: only HEAD of this route reaches tus.
    if (request.method === 'GET') throw AppError.notFound();
    const id = (request.params as { id?: string }).id ?? '';
    if (request.method === 'HEAD' && (await answerComplete(request, reply, id))) return;
    // A PATCH after the finish (its answer lost, the page sending again): the same item or refusal, not tus's 404.
    if (request.method === 'PATCH') {
      const outcome = await outcomeOf(request, id);
      if (outcome?.state === 'refused') throw refusal(request, outcome);
      if (outcome?.state === 'saved') {
        const saved = await savedAnswer(outcome);
        return reply.code(200).headers({ 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store', [MEDIA_ID_HEADER]: String(saved.data.id) }).send(localisedSave(saved, requestLanguage(request)));
      }
    }
    // Past the largest type's limit tus would refuse by itself, in English: refused here, in the reader's language.
    if (request.method === 'POST' && Number(request.headers['upload-length']) > largestLimit(base.config)) throw tooLarge(null, largestLimit(base.config));
    const user = currentUser(request);
    senderOf.set(request.raw, { userId: user.id, language: requestLanguage(request), canEdit: can(user, 'edit-gallery'), scope: siteScope(request) });
    const { tus } = await load();
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const config = { ...requires('create-gallery') };
  const tags = ['gallery'];
  // The tus protocol's answers (tus writes them itself; declared for the API docs).
  const headerOnly = (status: 201 | 204, description: string) => ({ [status]: noContentResponseSchema.meta({ description }) });
  app.post(RESUMABLE_PATH, { config, schema: { tags, description: "Start a resumable upload: TusUpload-Length, and Upload-Metadata with the gallery fields and the file name — or, to replace an item's file (edit-gallery), `replaces` with the item's id and the update's fields.", response: headerOnly(201, 'Created; Location names the upload.') } }, handler);
  app.patch(`${RESUMABLE_PATH}/:id`, {
    config,
    schema: { tags, description: `Send bytes from Upload-Offset. The last ones answer the created item, checked as a multipart upload is. After a refusal, the same refusal again (also in ${REFUSAL_HEADER}).`, response: { ...headerOnly(204, 'Received; Upload-Offset says how far.'), 200: mediaSavedResponseSchema } },
  }, handler);
  // HEAD (how far did it get?) comes with GET's route: GET itself answers 404 (tus has no download here).
  app.get(`${RESUMABLE_PATH}/:id`, {
    config,
    schema: { tags, description: `HEAD: how far an upload got (Upload-Offset). A finished one answers Upload-Offset = Upload-Length and ${MEDIA_ID_HEADER} for a day; 423 while it is being saved; a refused one its refusal's status, the body percent-encoded in ${REFUSAL_HEADER}.`, response: headerOnly(204, 'Upload-Offset and Upload-Length.') },
  }, handler);
  app.delete(`${RESUMABLE_PATH}/:id`, { config, schema: { tags, description: 'Cancel an upload and remove what was received.', response: headerOnly(204, 'Cancelled.') } }, handler);
}
