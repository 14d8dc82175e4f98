import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin } from '../../../test/harness.ts';
import { cleanMediaMetadata } from '../../ops/clean-media-metadata.ts';
import { giveaways, videoMetadata } from '../../../test/media-metadata.ts';
import { createChild, fetchBytes, replace, upload, waitFor } from './gallery-test-kit.ts';

/*
 * What a child's photo or video gives away: nothing. Files made as a phone makes them — a JPEG
 * with a GPS position, the author in EXIF, XMP and IPTC, stored sideways; a clip with a `location`
 * tag, an artist, a title and chapters — are uploaded, and every copy the server serves is read
 * back with exiftool and ffprobe.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'oc-meta-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 300 × 200 as stored, orientation 6 (shown 200 wide, 300 high), with where and by whom it was taken in every block. */
async function phonePhoto(format: 'jpeg' | 'png'): Promise<Buffer> {
  const file = path.join(dir, `phone-${Math.random().toString(36).slice(2)}.${format === 'jpeg' ? 'jpg' : 'png'}`);
  const image = sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  writeFileSync(file, await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer());
  execFileSync('exiftool', [
    '-q', '-overwrite_original', '-n',
    '-GPSLatitude=34.5553', '-GPSLatitudeRef=N', '-GPSLongitude=69.2075', '-GPSLongitudeRef=E',
    '-EXIF:Artist=Her uncle', '-EXIF:Make=PhoneMaker', '-EXIF:Model=Phone 12',
    '-XMP-dc:Creator=Her uncle', '-XMP-dc:Description=At home in Karte Se',
    ...(format === 'jpeg' ? ['-IPTC:By-line=Her uncle', '-IPTC:City=Kabul', '-Orientation=6'] : ['-PNG:Author=Her uncle']),
    file,
  ]);
  const bytes = readFileSync(file);
  // The file as uploaded does give it all away (else this test proves nothing).
  expect(giveaways(bytes).join('\n')).toMatch(/GPS/);
  return bytes;
}

/** A 854 × 480 clip as a phone leaves it: a location, an artist, a title, a chapter and a cover picture. */
function phoneClip(): Buffer {
  const cover = path.join(dir, 'cover.jpg');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:size=320x240', '-frames:v', '1', cover]);
  const meta = path.join(dir, 'meta.txt');
  writeFileSync(meta, ';FFMETADATA1\ntitle=At home in Karte Se\nartist=Her uncle\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=The courtyard\n');
  const file = path.join(dir, 'phone.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=854x480:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-i', meta, '-i', cover,
    '-map', '0', '-map', '1', '-map', '3', '-map_metadata', '2', '-map_chapters', '2', '-metadata', 'location=+34.5553+069.2075/',
    '-c:v:0', 'libx264', '-c:v:1', 'mjpeg', '-disposition:v:1', 'attached_pic', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file,
  ]);
  const bytes = readFileSync(file);
  expect(videoMetadata(bytes).formatTags.location).toBe('+34.5553+069.2075/');
  expect(videoMetadata(bytes).chapters.length).toBe(1);
  // The clip's own picture and the cover picture.
  expect(videoMetadata(bytes).streams.filter((s) => s.codec_type === 'video')).toHaveLength(2);
  return bytes;
}

describeEachDatabase('what a photo or video gives away', (server) => {
  it('keeps a gallery photo\'s original upright and without EXIF, GPS, XMP or IPTC, in every served copy', { timeout: 120_000 }, async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Photo');
    const res = await upload(server(), token, { orphan_id: child, title: 'At home' }, { data: await phonePhoto('jpeg'), name: 'IMG_2041.JPG', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    const item = res.body.data;
    for (const url of [item.original_url, item.download_url, item.display_url, item.thumbnail_url]) {
      const served = await fetchBytes(server(), url);
      expect(served.status).toBe(200);
      expect(giveaways(served.body), url).toEqual([]);
    }
    const original = (await fetchBytes(server(), item.original_url)).body;
    // Turned upright by its orientation before the tag went: 200 wide, 300 high, and said so nowhere.
    const meta = await sharp(original).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual(['jpeg', 200, 300, undefined]);
    expect(item).toMatchObject({ mime_type: 'image/jpeg', size_bytes: original.length, file_name: 'IMG_2041.JPG' });

    // A replaced file is cleaned the same way, and so is a PNG's text.
    const replaced = await replace(server(), token, item.id, {}, { data: await phonePhoto('png'), name: 'scan.png', type: 'image/png' });
    expect(replaced.status).toBe(200);
    for (const url of [replaced.body.data.original_url, replaced.body.data.display_url, replaced.body.data.thumbnail_url]) {
      expect(giveaways((await fetchBytes(server(), url)).body), url).toEqual([]);
    }
    expect(replaced.body.data.mime_type).toBe('image/png');
  });

  it('keeps nothing of a child\'s profile photo\'s metadata', { timeout: 60_000 }, async () => {
    const token = await loginAdmin(server());
    const form = new FormData();
    for (const [k, v] of Object.entries({ first_name: 'Profile', last_name: 'Photo', dob: '2015-05-01', gender: 'female', admission_date: '2023-01-10', status: 'active' })) form.append(k, v);
    form.append('profile_photo', new Blob([new Uint8Array(await phonePhoto('jpeg'))], { type: 'image/jpeg' }), 'me.jpg');
    const res = await call(server(), 'POST', '/api/orphans', { token, body: form });
    expect(res.status).toBe(201);
    for (const url of [res.body.data.profile_photo_url, res.body.data.profile_photo_thumb_url]) {
      const served = await fetchBytes(server(), url);
      expect(served.status).toBe(200);
      expect(giveaways(served.body), url).toEqual([]);
    }
  });

  it('keeps no location, tag or chapter in a video\'s original, its resolutions, its download or its poster', { timeout: 300_000 }, async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Video');
    const res = await upload(server(), token, { orphan_id: child, media_type: 'video', title: 'In the courtyard' }, { data: phoneClip(), name: 'VID_0001.mp4', type: 'video/mp4' });
    expect(res.status).toBe(201);
    const item = await waitFor(async () => (await call(server(), 'GET', `/api/galleries/${res.body.data.id}`, { token })).body.data, (d) => d.status !== 'processing');
    expect(item.status).toBe('ready');
    expect(Object.keys(item.resolution_urls)).toEqual(['360p']);
    const videos = [item.original_url, item.download_url, item.resolution_urls['360p']];
    for (const url of videos) {
      const served = await fetchBytes(server(), url);
      expect(served.status).toBe(200);
      const meta = videoMetadata(served.body);
      expect(Object.keys(meta.formatTags).sort(), url).toEqual(['compatible_brands', 'major_brand', 'minor_version']);
      // Only the stream's structure, and the name of the encoder that made a resolution (ours, not the phone's).
      for (const tags of meta.streamTags) expect(Object.keys(tags).filter((k) => !['language', 'handler_name', 'vendor_id'].includes(k) && !(k === 'encoder' && tags[k]!.startsWith('Lavc'))), url).toEqual([]);
      expect(meta.chapters, url).toEqual([]);
      // The cover picture is gone with the rest: one video stream, one audio stream.
      expect(meta.streams.map((s) => s.codec_type).sort(), url).toEqual(['audio', 'video']);
      expect(giveaways(served.body), url).toEqual([]);
    }
    expect(giveaways((await fetchBytes(server(), item.poster_url)).body)).toEqual([]);
    // The original is the same clip, remuxed: still 854 × 480 and 2 s, and its stated size is what is served.
    const original = (await fetchBytes(server(), item.original_url)).body;
    expect([item.width, item.height, Math.round(item.duration)]).toEqual([854, 480, 2]);
    expect(item.size_bytes).toBe(original.length);
  });

  it('cleans, by the one-off command, the photos and videos stored before uploads lost their metadata', { timeout: 300_000 }, async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Before');
    const db = server().database.db;
    const files = server().app.fileStore.files;
    const dirtyPhoto = await phonePhoto('jpeg');
    const dirtyClip = phoneClip();
    const photo = (await upload(server(), token, { orphan_id: child, title: 'Stored before' }, { data: dirtyPhoto, name: 'old.jpg', type: 'image/jpeg' })).body.data;
    const video = (await upload(server(), token, { orphan_id: child, media_type: 'video', title: 'Filmed before' }, { data: dirtyClip, name: 'old.mp4', type: 'video/mp4' })).body.data;
    const made = await waitFor(() => db.selectFrom('media').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow(), (r) => r.status !== 'processing');
    expect(made.video_360p_path).toBeTruthy();
    // As the files of items stored before this change are: the originals as uploaded, a resolution with the clip's tags.
    const photoRow = await db.selectFrom('media').selectAll().where('id', '=', photo.id).executeTakeFirstOrThrow();
    for (const [key, bytes] of [[photoRow.file_path, dirtyPhoto], [made.file_path, dirtyClip], [made.video_360p_path!, dirtyClip]] as const) {
      await files.put(key, bytes);
      await files.commit([key]);
    }
    await db.updateTable('media').set({ size_bytes: dirtyPhoto.length }).where('id', '=', photo.id).execute();
    const get = async (id: number) => (await call(server(), 'GET', `/api/galleries/${id}`, { token })).body.data;
    expect(giveaways((await fetchBytes(server(), (await get(photo.id)).original_url)).body).length).toBeGreaterThan(0);
    expect(giveaways((await fetchBytes(server(), (await get(video.id)).resolution_urls['360p'])).body).length).toBeGreaterThan(0);

    const report = await cleanMediaMetadata(server().config);
    expect(report).toMatchObject({ skipped: [] });
    expect(report.images).toBeGreaterThanOrEqual(1);
    expect(report.videos).toBeGreaterThanOrEqual(1);
    const cleanPhoto = await get(photo.id);
    const original = (await fetchBytes(server(), cleanPhoto.original_url)).body;
    expect(giveaways(original)).toEqual([]);
    expect(cleanPhoto.size_bytes).toBe(original.length);
    const cleanVideo = await get(video.id);
    for (const url of [cleanVideo.original_url, cleanVideo.download_url, cleanVideo.resolution_urls['360p'], cleanVideo.poster_url]) {
      const served = await fetchBytes(server(), url);
      expect(served.status).toBe(200);
      expect(giveaways(served.body), url).toEqual([]);
    }
    expect(videoMetadata((await fetchBytes(server(), cleanVideo.original_url)).body).chapters).toEqual([]);
    // The files read before are gone: each item's row points to its clean files only.
    for (const key of [photoRow.file_path, made.file_path, made.video_360p_path!]) expect(await files.exists(key)).toBe(false);
  });
});

describe('the clip maker', () => {
  it('writes the location the test looks for', { timeout: 60_000 }, () => {
    expect(giveaways(phoneClip()).join('\n')).toMatch(/34\.55/);
  });
});
