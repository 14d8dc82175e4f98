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
  /** mat2, which clears a PDF's or Word file's properties (MAT2_PATH); 'none': documents are kept as they are, saying so. */
  mat2: string;
  /** Transcodes this process runs at once (TRANSCODE_WORKERS); 0: it leaves them to other processes. */
  transcodeWorkers: number;
  /** A claim not renewed for this long is taken to be of a dead process and the job runs again (TRANSCODE_LEASE_MINUTES); its worker renews it while it runs. */
  leaseMs: number;
  /** Tries per job before it is marked failed with its reason. */
  maxAttempts: number;
  /** How often an idle worker looks for queued work (other processes may have queued it). */
  pollMs: number;
  /** Videos refused at upload (by ffprobe) beyond these (VIDEO_MAX_RESOLUTION, VIDEO_MAX_MINUTES, VIDEO_MAX_FPS). */
  videoLimits: VideoLimits;
  /** One transcode job's wall-clock time, pauses included (TRANSCODE_MAX_MINUTES); over it, the item fails saying so. */
  jobTimeoutMs: number;
  /** Resident memory one ffmpeg may hold (TRANSCODE_MAX_MEMORY_MB); over it, it is killed and the item fails saying so. */
  maxEncodeMemoryBytes: number;
  /** Unfinished resumable uploads live here, outside the stored files; forgotten after `resumableExpiryMs`. */
  resumableDir: string;
  resumableExpiryMs: number;
}

export interface VideoLimits {
  /** The longer and the shorter side, in pixels, whichever way the video is held (7680 × 4320: 8K). */
  longSide: number;
  shortSide: number;
  durationSeconds: number;
  fps: number;
}

const bytes = z.string().regex(/^\d+$/, 'must be a whole number of bytes').transform(Number).pipe(z.number().min(1, 'must be at least 1 byte'));
const count = (max: number) => z.string().regex(/^\d+$/, `must be a whole number from 0 to ${max}`).transform(Number).pipe(z.number().max(max, `must be a whole number from 0 to ${max}`));
const positive = (max: number) => z.string().regex(/^\d+$/, `must be a whole number from 1 to ${max}`).transform(Number).pipe(z.number().min(1, `must be a whole number from 1 to ${max}`).max(max, `must be a whole number from 1 to ${max}`));
/** Minutes, fractions allowed (0.5: thirty seconds). */
const minutes = (max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `must be a number of minutes from 0 to ${max}, e.g. 30 or 0.5`)
    .transform(Number)
    .pipe(z.number().max(max, `must be a number of minutes from 0 to ${max}, e.g. 30 or 0.5`));
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const environment = z.object({
  GALLERY_MAX_IMAGE_BYTES: optional(bytes),
  GALLERY_MAX_VIDEO_BYTES: optional(bytes),
  GALLERY_MAX_DOCUMENT_BYTES: optional(bytes),
  FFMPEG_PATH: optional(z.string()),
  FFPROBE_PATH: optional(z.string()),
  MAT2_PATH: optional(z.string()),
  TRANSCODE_WORKERS: optional(count(8)),
  TRANSCODE_LEASE_MINUTES: optional(minutes(24 * 60)),
  VIDEO_MAX_RESOLUTION: optional(
    z
      .string()
      .regex(/^\d{2,5}x\d{2,5}$/, 'must be WIDTHxHEIGHT, e.g. 7680x4320')
      .transform((v) => v.split('x').map(Number) as [number, number]),
  ),
  VIDEO_MAX_MINUTES: optional(positive(24 * 60)),
  VIDEO_MAX_FPS: optional(positive(1000)),
  TRANSCODE_MAX_MINUTES: optional(positive(7 * 24 * 60)),
  TRANSCODE_MAX_MEMORY_MB: optional(positive(1024 * 1024).pipe(z.number().min(256, 'must be at least 256 (MB)'))),
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
    mat2: e.MAT2_PATH ?? 'mat2',
    transcodeWorkers: e.TRANSCODE_WORKERS ?? 1,
    leaseMs: (e.TRANSCODE_LEASE_MINUTES || 30) * 60_000,
    maxAttempts: 3,
    videoLimits: {
      longSide: Math.max(...(e.VIDEO_MAX_RESOLUTION ?? [7680, 4320])),
      shortSide: Math.min(...(e.VIDEO_MAX_RESOLUTION ?? [7680, 4320])),
      durationSeconds: (e.VIDEO_MAX_MINUTES ?? 120) * 60,
      fps: e.VIDEO_MAX_FPS ?? 120,
    },
    jobTimeoutMs: (e.TRANSCODE_MAX_MINUTES ?? 240) * 60_000,
    maxEncodeMemoryBytes: (e.TRANSCODE_MAX_MEMORY_MB ?? 2048) * 1024 * 1024,
    pollMs: 5_000,
    // Beside the stored files, in a folder no storage key can name (keys never start with '.').
    resumableDir: path.join(config.storageDir, '.resumable'),
    resumableExpiryMs: 24 * 60 * 60_000,
    ...config.gallery,
  };
}

/** Where encodes write their files until stored: beside the stored files (same disk), in a folder no storage key can name. */
export const encodeWorkDir = (c: Pick<GalleryConfig, 'resumableDir'>): string => path.join(path.dirname(c.resumableDir), '.transcode');

/** The largest file any media type may be: what a multipart body may carry before its type is known. */
export const largestLimit = (c: GalleryConfig): number => Math.max(...Object.values(c.maxBytes));
