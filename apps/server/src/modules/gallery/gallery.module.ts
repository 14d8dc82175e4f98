import type { FastifyInstance, FastifyRequest } from 'fastify';
import { galleryConfig } from './gallery-config.ts';
import { galleryDownloadRoutes } from './downloads.routes.ts';
import { isAvailable } from './ffmpeg.ts';
import { sweepDocumentLeftovers } from './document-cleaner.ts';
import { galleryApiRoutes } from './gallery.routes.ts';
import { findVisibleMedia, mediaActivityLinks } from './gallery.repository.ts';
import { GALLERY_FOLDER } from './media-content.ts';
import type { GalleryContext } from './gallery.service.ts';
import { resumableUploadRoutes } from './resumable-uploads.ts';
import { TranscodeWorker } from './transcode-worker.ts';
import { UploadQuotas } from './upload-quota.ts';
import { linkActivities } from '../activities/activities.service.ts';

/**
 * The media gallery, mounted by app.ts in one line: the API under /api (galleries,
 * a child's media, resumable uploads), the signed downloads at the root beside /storage, and the
 * background transcode worker, which starts when the server is ready and stops with it.
 */
export async function galleryModule(app: FastifyInstance): Promise<void> {
  linkActivities('media', mediaActivityLinks);
  const config = galleryConfig(app.appConfig);
  let canTranscode = false;
  const quotas = new UploadQuotas({ db: app.db, dialect: app.dialect, quota: app.appConfig.uploadQuota, storageDir: app.appConfig.storageDir, log: app.log });
  const worker = new TranscodeWorker({ db: app.db, dialect: app.dialect, store: app.fileStore, config, log: app.log });
  const ctxOf = (request: FastifyRequest | null): GalleryContext => ({
    db: app.db,
    store: app.fileStore,
    log: request?.log ?? app.log,
    config,
    canTranscode: () => canTranscode,
    jobQueued: () => worker.notify(),
    viewer: request?.user?.id ?? null,
    // The server's own work (no request) reaches every site; a request without a user none.
    scope: request ? (request.siteScope ?? { ids: [] }) : { all: true },
  });

  app.addHook('onReady', async () => {
    await sweepDocumentLeftovers(config).catch((err: unknown) => app.log.error({ err }, 'gallery: could not clear documents left mid-clean'));
    canTranscode = (await isAvailable(config.ffmpeg)) && (await isAvailable(config.ffprobe));
    // Said once: videos are kept and play as uploaded, and each item says why it has no other resolutions.
    if (!canTranscode) app.log.warn({ ffmpeg: config.ffmpeg }, 'gallery: ffmpeg/ffprobe not found; videos stay original-only (scripts/install-system-deps.sh installs ffmpeg)');
    // Not awaited: its start-up sweep (leftover encodes, files, dead claims) need not hold the server's readiness.
    else void worker.start().catch((err: unknown) => app.log.error({ err }, 'transcode: the worker did not start'));
  });
  app.addHook('onClose', () => worker.stop());

  // Thumbnails, display copies and posters are served while their item is there and its child outside the trash.
  app.fileStore.serveFolder(GALLERY_FOLDER, async (id, key) => {
    const row = await findVisibleMedia(app.db, { all: true }, id);
    return !!row && [row.display_path, row.thumb_path, row.poster_path].includes(key);
  });

  await app.register(galleryApiRoutes(ctxOf, quotas), { prefix: '/api' });
  await app.register((api) => resumableUploadRoutes(api, ctxOf, quotas), { prefix: '/api' });
  await app.register(galleryDownloadRoutes);
}
