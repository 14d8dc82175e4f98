import path from 'node:path';
import { z } from 'zod';
import { MEDIA_MAX_BYTES_DEFAULT } from '@app/shared/constants';
import type { MediaType } from '@app/shared/schemas/media.schema';
import { ConfigError, type Config } from '../../config.ts';

/** What the gallery can be told (README, configuration): limits, ffmpeg, the background worker. */
export interface GalleryConfig {
  /** Largest file per media type, in bytes (GALLERY_MAX_IMAGE_BYTES, _VIDEO_, _DOCUMENT_). */
  maxBytes: Record<MediaType, number>;
  /** ffmpeg and ffprobe commands (FFMPEG_PATH, FFPROBE_PATH); 'none' means videos stay original-only. */
  ffmpeg: string;
  ffprobe: string;
  /** Transcodes this process runs at once (TRANSCODE_WORKERS); 0: it leaves them to other processes. */
  transcodeWorkers: number;
  /** A claim older than this is taken to be of a dead process and the job runs again (TRANSCODE_LEASE_MINUTES). */
  leaseMs: number;
  /** Tries per job before it is marked failed with its reason. */
  maxAttempts: number;
  /** How often an idle worker looks for queued work (other processes may have queued it). */
  pollMs: number;
  /** Unfinished resumable uploads live here, outside the stored files; forgotten after `resumableExpiryMs`. */
  resumableDir: string;
  resumableExpiryMs: number;
}

const bytes = z.string().regex(/^\d+$/, 'must be a whole number of bytes').transform(Number).pipe(z.number().min(1, 'must be at least 1 byte'));
const count = (max: number) => z.string().regex(/^\d+$/, `must be a whole number from 0 to ${max}`).transform(Number).pipe(z.number().max(max, `must be a whole number from 0 to ${max}`));
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const environment = z.object({
  GALLERY_MAX_IMAGE_BYTES: optional(bytes),
  GALLERY_MAX_VIDEO_BYTES: optional(bytes),
  GALLERY_MAX_DOCUMENT_BYTES: optional(bytes),
  FFMPEG_PATH: optional(z.string()),
  FFPROBE_PATH: optional(z.string()),
  TRANSCODE_WORKERS: optional(count(8)),
  TRANSCODE_LEASE_MINUTES: optional(count(24 * 60)),
});

/** Defaults ← environment ← `config.gallery`; a wrong variable stops the start, naming it (as config.ts does). */
export function galleryConfig(config: Pick<Config, 'storageDir' | 'gallery'>, env: NodeJS.ProcessEnv = process.env): GalleryConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}=${JSON.stringify(env[String(i.path[0])])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (environment or .env):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    maxBytes: {
      image: e.GALLERY_MAX_IMAGE_BYTES ?? MEDIA_MAX_BYTES_DEFAULT.image,
      video: e.GALLERY_MAX_VIDEO_BYTES ?? MEDIA_MAX_BYTES_DEFAULT.video,
      document: e.GALLERY_MAX_DOCUMENT_BYTES ?? MEDIA_MAX_BYTES_DEFAULT.document,
    },
    ffmpeg: e.FFMPEG_PATH ?? 'ffmpeg',
    ffprobe: e.FFPROBE_PATH ?? 'ffprobe',
    transcodeWorkers: e.TRANSCODE_WORKERS ?? 1,
    leaseMs: (e.TRANSCODE_LEASE_MINUTES || 30) * 60_000,
    maxAttempts: 3,
    pollMs: 5_000,
    // Beside the stored files, in a folder no storage key can name (keys never start with '.').
    resumableDir: path.join(config.storageDir, '.resumable'),
    resumableExpiryMs: 24 * 60 * 60_000,
    ...config.gallery,
  };
}

/** The largest file any media type may be: what a multipart body may carry before its type is known. */
export const largestLimit = (c: GalleryConfig): number => Math.max(...Object.values(c.maxBytes));
