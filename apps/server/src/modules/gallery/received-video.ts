import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MEDIA_MESSAGES, videoDurationMessage, videoFrameRateMessage, videoResolutionMessage } from '@app/shared/schemas/media.schema';
import { AppError } from '../../lib/app-error.ts';
import { localFileOf } from '../storage/storage.service.ts';
import { FfmpegError, probe, withoutMetadata, type VideoFacts } from './ffmpeg.ts';
import { encodeWorkDir, type VideoLimits } from './gallery-config.ts';
import type { GalleryContext, ReceivedUpload } from './gallery.service.ts';

/*
 * A received video before any row points to it: read by ffprobe (a file it cannot read is
 * refused), held to the configured limits — a file that claims 16000 × 16000 pixels or ten hours
 * would hold a transcode, and every video queued behind it, for many minutes — and written again
 * without its metadata (a phone's location tag among them), so no stored copy keeps it.
 */

/** ffprobe reads only the headers; one that takes longer than this is refused as unreadable. */
const PROBE_TIMEOUT_MS = 60_000;
/** Copying the streams of the largest video allowed takes minutes at most; longer, it is refused as unreadable. */
const REWRITE_TIMEOUT_MS = 30 * 60_000;
const TOO_SLOW = 'The video could not be read: reading it took too long.';

/** ffmpeg's refusal, or its time running out, as the upload's 422; anything else as it is. */
function asRefusal(err: unknown): unknown {
  if (err instanceof FfmpegError) return AppError.validation('file', err.message);
  if ((err as Error | undefined)?.name === 'AbortError') return AppError.validation('file', TOO_SLOW);
  return err;
}

/** The 422 naming the first limit the video is beyond, or null when it is within all. */
export function beyondLimits(facts: Pick<VideoFacts, 'width' | 'height' | 'duration' | 'fps'>, limits: VideoLimits): string | null {
  const long = Math.max(facts.width, facts.height);
  const short = Math.min(facts.width, facts.height);
  if (long > limits.longSide || short > limits.shortSide) return videoResolutionMessage(facts.width, facts.height, limits.longSide, limits.shortSide);
  if (facts.duration !== null && facts.duration > limits.durationSeconds) return videoDurationMessage(facts.duration, limits.durationSeconds);
  if (facts.fps !== null && facts.fps > limits.fps) return videoFrameRateMessage(facts.fps, limits.fps);
  return null;
}

/** A file in the encode work folder, named so the start-up sweep knows whose it is. */
export function workFile(workDir: string, suffix = ''): string {
  return path.join(workDir, `${process.pid}-${randomBytes(8).toString('hex')}${suffix}`);
}

/**
 * Check a stored (uncommitted) video and replace it, under the same key, by its copy without
 * metadata. Answers its type (Matroska when its own container would not take its streams), its
 * extension when that changed, and its new size.
 */
export async function checkVideo(ctx: GalleryContext, file: ReceivedUpload, mime: string): Promise<{ mime: string; ext: string | null; size: number }> {
  // Without ffmpeg nothing can take the location out of a video: none is kept.
  if (!ctx.canTranscode()) throw AppError.validation('file', MEDIA_MESSAGES.videoNeedsFfmpeg);
  const { config, store } = ctx;
  const workDir = encodeWorkDir(config);
  await mkdir(workDir, { recursive: true });
  const input = await localFileOf(store.files, file.key, workFile(workDir));
  const output = workFile(workDir, '.video');
  try {
    let facts: VideoFacts;
    try {
      facts = await probe(config.ffprobe, input.file, AbortSignal.timeout(PROBE_TIMEOUT_MS));
    } catch (err) {
      throw asRefusal(err);
    }
    const refused = beyondLimits(facts, config.videoLimits);
    if (refused) throw AppError.validation('file', refused);
    let written: { mime: string; ext: string };
    try {
      written = await withoutMetadata(config.ffmpeg, input.file, output, facts, mime, AbortSignal.timeout(REWRITE_TIMEOUT_MS));
    } catch (err) {
      throw asRefusal(err);
    }
    const size = (await stat(output)).size;
    await store.files.put(file.key, createReadStream(output));
    return { mime: written.mime, ext: written.mime === mime ? null : written.ext, size };
  } finally {
    await rm(output, { force: true });
    await input.done();
  }
}
