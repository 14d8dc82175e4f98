import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MEDIA_MESSAGES, videoDurationMessage, videoFrameRateMessage, videoOverMemoryMessage, videoOverTimeMessage, videoResolutionMessage } from '@app/shared/schemas/media.schema';
import { buildApp } from '../../app.ts';
import type { Config, Dialect } from '../../config.ts';
import { call, loginAdmin, startServer, type TestServer } from '../../../test/harness.ts';
import { createChild, fetchBytes, galleryFiles, replace, upload, waitFor } from './gallery-test-kit.ts';

/*
 * Real transcodes with the system's ffmpeg, kept small (a 3-second 1280×720 clip) so the suite
 * stays fast. One server per case: each needs its own gallery settings.
 */

let dir: string;
let clip: Buffer;
/** A second, shorter clip: what a replaced video becomes. */
let shortClip: Buffer;

function makeClip(name: string, seconds: number, size: string, rate = 25): Buffer {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=${rate}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return readFileSync(file);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'oc-clip-'));
  clip = makeClip('clip.mp4', 3, '1280x720');
  shortClip = makeClip('short.mp4', 2, '854x480');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

function ffprobeHeight(file: Buffer): number {
  const f = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  execFileSync('sh', ['-c', 'cat > "$1"', 'sh', f], { input: file });
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height,codec_name', '-of', 'csv=p=0', f]).toString().trim();
  rmSync(f);
  const [codec, height] = out.split(',');
  expect(codec).toBe('h264');
  return Number(height);
}

const uploadClip = (server: TestServer, token: string, child: number, data = clip) =>
  upload(server, token, { orphan_id: child, media_type: 'video', title: 'Football practice', date: '2024-06-01' }, { data, name: 'practice.mp4', type: 'video/mp4' });

for (const dialect of dialects) {
  describe(`gallery video transcoding [${dialect}]`, { timeout: 300_000 }, () => {
    it('answers at once, then fills in a poster, the duration and 360p — never a version at or above the 720p original', async () => {
      const server = await startServer(dialect);
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'Video');
        const res = await uploadClip(server, token, child);
        expect(res.status).toBe(201);
        expect(res.body.data).toMatchObject({ status: 'processing', resolution_urls: {} });
        const item = await waitFor(
          async () => (await call(server, 'GET', `/api/galleries/${res.body.data.id}`, { token })).body.data,
          (d) => d.status !== 'processing',
        );
        expect(item.status).toBe('ready');
        expect(Object.keys(item.resolution_urls).sort()).toEqual(['360p']);
        expect(item.duration).toBeCloseTo(3, 0);
        expect([item.width, item.height]).toEqual([1280, 720]);
        expect((await fetchBytes(server, item.poster_url)).status).toBe(200);
        const low = await fetchBytes(server, item.resolution_urls['360p']);
        expect(low.headers.get('content-type')).toBe('video/mp4');
        expect(ffprobeHeight(low.body)).toBe(360);
        // Fast start: the index (moov) comes before the media data, so playback starts at once.
        expect(low.body.indexOf('moov')).toBeLessThan(low.body.indexOf('mdat'));
        const seek = await fetchBytes(server, item.resolution_urls['360p'], { Range: 'bytes=1000-1999' });
        expect(seek.status).toBe(206);
        expect(seek.body.length).toBe(1000);
        // The plain download is the highest resolution made.
        expect((await fetchBytes(server, item.download_url)).body.length).toBe(low.body.length);
      } finally {
        await server.close();
      }
    });

    it('resumes an unfinished job after a restart, keeping what was already made', async () => {
      // A lease of a minute: a claim left by a process that died is taken over after it.
      const server = await startServer(dialect, { gallery: { leaseMs: 60_000, pollMs: 100 } } as Partial<Config>);
      let second: Awaited<ReturnType<typeof buildApp>> | null = null;
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'Restart');
        const id = (await uploadClip(server, token, child)).body.data.id as number;
        const db = server.database.db;
        const row = await waitFor(() => db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), (r) => !!r.video_360p_path);
        expect(row.poster_path).toBeTruthy();
        expect(row.video_360p_path).toBeTruthy();
        await server.app.close();
        const job = await db.selectFrom('jobs').selectAll().where('media_id', '=', id).executeTakeFirstOrThrow();
        // As a crash after the poster leaves it, whatever this run got to: claimed by a process long gone, 360p not recorded.
        await db.updateTable('jobs').set({ state: 'running', claimed_by: 'gone:1:x', claimed_at: new Date(Date.now() - 3_600_000).toISOString() }).where('id', '=', job.id).execute();
        await db.updateTable('media').set({ video_360p_path: null, status: 'processing' }).where('id', '=', id).execute();
        second = await buildApp({ config: server.config, database: server.database });
        await second.ready();
        const done = await waitFor(() => db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), (r) => r.status !== 'processing');
        expect(done.status).toBe('ready');
        expect(done.video_360p_path).toBeTruthy();
        // The poster was not made again.
        expect(done.poster_path).toBe(row.poster_path);
        const finished = await db.selectFrom('jobs').selectAll().where('media_id', '=', id).executeTakeFirstOrThrow();
        expect(finished.state).toBe('done');
      } finally {
        await second?.close();
        await server.close();
      }
    });

    it('refuses at upload a video ffmpeg cannot read, with its reason, storing nothing, and the gallery keeps working', async () => {
      const server = await startServer(dialect);
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'Broken');
        // An MP4's opening box and then nothing a decoder can use.
        const broken = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(4096, 7)]);
        const res = await uploadClip(server, token, child, broken);
        expect(res.status).toBe(422);
        expect(res.body.errors.file[0]).toMatch(/could not be read|no video stream/i);
        // ffmpeg's words reach the reader without the server's file paths.
        expect(res.body.errors.file[0]).not.toContain(server.config.storageDir);
        expect(galleryFiles(server)).toEqual([]);
        expect((await uploadClip(server, token, child)).status).toBe(201);
      } finally {
        await server.close();
      }
    });

    it('transcodes a replaced video again: the old versions and unfinished job go, poster and resolutions start again', async () => {
      const server = await startServer(dialect, { gallery: { pollMs: 100 } } as Partial<Config>);
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'Replaced');
        const db = server.database.db;
        const media = (id: number) => db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const unfinishedJobs = async (id: number) => (await db.selectFrom('jobs').select('id').where('media_id', '=', id).where('state', 'in', ['queued', 'running']).execute()).length;
        const get = async (id: number) => (await call(server, 'GET', `/api/galleries/${id}`, { token })).body.data;
        const replaceWithShort = (id: number) => replace(server, token, id, { title: 'Practice, shorter' }, { data: shortClip, name: 'short.mp4', type: 'video/mp4' });

        // A finished video: its poster, 360p and 720p are dropped with its old file.
        const id = (await uploadClip(server, token, child)).body.data.id as number;
        const made = await waitFor(() => media(id), (r) => r.status !== 'processing');
        expect(made.status).toBe('ready');
        const res = await replaceWithShort(id);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'processing', poster_url: null, resolution_urls: {}, duration: null, file_name: 'short.mp4' });
        // The size is the stored copy's: the clip is kept without its metadata, so a few bytes shorter.
        expect(res.body.data.size_bytes).toBe((await fetchBytes(server, res.body.data.download_url)).body.length);
        const files = galleryFiles(server);
        for (const key of [made.file_path, made.poster_path, made.video_360p_path, made.video_720p_path]) expect(files).not.toContain(key);
        const again = await waitFor(() => get(id), (d) => d.status !== 'processing');
        expect(again.status).toBe('ready');
        expect(Object.keys(again.resolution_urls)).toEqual(['360p']);
        expect(Math.round(again.duration)).toBe(2);
        expect(ffprobeHeight((await fetchBytes(server, again.resolution_urls['360p'])).body)).toBe(360);
        expect((await fetchBytes(server, again.poster_url)).status).toBe(200);

        // Replaced while its job is queued or running: that job goes, one new job makes the new versions.
        const busy = (await uploadClip(server, token, child)).body.data.id as number;
        expect((await replaceWithShort(busy)).status).toBe(200);
        expect(await unfinishedJobs(busy)).toBe(1);
        const done = await waitFor(() => media(busy), (r) => r.status !== 'processing');
        expect(done).toMatchObject({ status: 'ready', video_720p_path: null });
        expect(done.video_360p_path).toBeTruthy();
        // Nothing made from the old file is left: every stored gallery file is one an item points to.
        const pointed = (await db.selectFrom('media').selectAll().execute()).flatMap((r) => [r.file_path, r.display_path, r.thumb_path, r.poster_path, r.video_360p_path, r.video_720p_path, r.video_1080p_path]);
        await waitFor(async () => galleryFiles(server), (f) => f.every((key) => pointed.includes(key)), 10_000);
        expect(galleryFiles(server).filter((key) => !pointed.includes(key))).toEqual([]);
      } finally {
        await server.close();
      }
    });

    it('refuses at upload a video beyond the configured size, length or frame rate, naming the limit and storing nothing', async () => {
      const limits = { longSide: 1000, shortSide: 600, durationSeconds: 60, fps: 30 };
      const server = await startServer(dialect, { gallery: { videoLimits: limits } } as Partial<Config>);
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'Limits');
        const refused = async (data: Buffer) => {
          const res = await uploadClip(server, token, child, data);
          expect(res.status).toBe(422);
          return res.body.errors.file[0] as string;
        };
        expect(await refused(clip)).toBe(videoResolutionMessage(1280, 720, 1000, 600));
        expect(await refused(makeClip('long.mp4', 61, '160x120', 1))).toBe(videoDurationMessage(61, 60));
        expect(await refused(makeClip('fast.mp4', 1, '160x120', 60))).toBe(videoFrameRateMessage(60, 30));
        expect(galleryFiles(server)).toEqual([]);
        expect(await server.database.db.selectFrom('media').select('id').execute()).toEqual([]);
        // Within every limit: taken.
        expect((await uploadClip(server, token, child, makeClip('fine.mp4', 1, '320x240', 25))).status).toBe(201);
      } finally {
        await server.close();
      }
    });

    it('fails a job over its memory cap with the reason on the item, and the next job runs', async () => {
      // An 8K frame needs far more memory to decode than the cap allows; the small clip's poster and 360p stay well under it.
      const server = await startServer(dialect, { gallery: { maxEncodeMemoryBytes: 150 * 1024 * 1024, pollMs: 100 } } as Partial<Config>);
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'Memory');
        const huge = await uploadClip(server, token, child, makeClip('huge.mp4', 1, '7680x4320', 5));
        expect(huge.status).toBe(201);
        const next = await uploadClip(server, token, child, shortClip);
        expect(next.status).toBe(201);
        const get = async (id: number) => (await call(server, 'GET', `/api/galleries/${id}`, { token })).body.data;
        const failed = await waitFor(() => get(huge.body.data.id), (d) => d.status !== 'processing');
        expect(failed).toMatchObject({ status: 'failed', status_reason: videoOverMemoryMessage(150) });
        const ready = await waitFor(() => get(next.body.data.id), (d) => d.status !== 'processing');
        expect(ready.status).toBe('ready');
        expect(Object.keys(ready.resolution_urls)).toEqual(['360p']);
        // Given up at once (not tried again): more memory would not come.
        const job = await server.database.db.selectFrom('jobs').selectAll().where('media_id', '=', huge.body.data.id).executeTakeFirstOrThrow();
        expect([job.state, job.attempts]).toEqual(['failed', 1]);
      } finally {
        await server.close();
      }
    });

    it('fails a job over its time with the reason on the item', async () => {
      const server = await startServer(dialect, { gallery: { jobTimeoutMs: 1, pollMs: 100 } } as Partial<Config>);
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'Slow');
        const res = await uploadClip(server, token, child, shortClip);
        expect(res.status).toBe(201);
        const item = await waitFor(async () => (await call(server, 'GET', `/api/galleries/${res.body.data.id}`, { token })).body.data, (d) => d.status !== 'processing');
        expect(item).toMatchObject({ status: 'failed', status_reason: videoOverTimeMessage(0) });
        // The original stays downloadable.
        expect((await fetchBytes(server, item.original_url)).status).toBe(200);
      } finally {
        await server.close();
      }
    });

    it('without ffmpeg refuses videos, which it could not clear of their location', async () => {
      const server = await startServer(dialect, { gallery: { ffmpeg: 'none' } } as Partial<Config>);
      try {
        const token = await loginAdmin(server);
        const child = await createChild(server, token, 'NoFfmpeg');
        const res = await uploadClip(server, token, child);
        expect(res.status).toBe(422);
        expect(res.body.errors.file).toEqual([MEDIA_MESSAGES.videoNeedsFfmpeg]);
        expect(galleryFiles(server)).toEqual([]);
      } finally {
        await server.close();
      }
    });
  });
}
