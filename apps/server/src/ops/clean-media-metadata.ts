import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { Kysely, Selectable } from 'kysely';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { cleanDocumentBytes } from '../modules/gallery/document-cleaner.ts';
import { isAvailable, probe, withoutMetadata } from '../modules/gallery/ffmpeg.ts';
import { encodeWorkDir, galleryConfig, type GalleryConfig } from '../modules/gallery/gallery-config.ts';
import { GALLERY_FOLDER } from '../modules/gallery/media-content.ts';
import { workFile } from '../modules/gallery/received-video.ts';
import type { FileStorage } from '../modules/storage/file-storage.types.ts';
import { cleanOriginal } from '../modules/storage/images.service.ts';
import { openFileStorage, type StoredFiles } from '../modules/storage/file-storages.ts';
import { DataKeyring } from '../lib/data-key.ts';
import { unlockDataKey } from '../lib/data-key-unlock.ts';
import { localFileOf, newStorageKey, readStoredFile } from '../modules/storage/storage.service.ts';
import { isMain } from './backup-files.ts';

/**
 * `npm run clean-media-metadata`: the one-off clean of gallery files stored before uploads lost
 * their metadata on the way in. Every photo's original is written again upright and without
 * EXIF, GPS, XMP or IPTC; every video's original and resolutions are remuxed without tags,
 * chapters or data streams, and its poster written again; every PDF and Word (.docx) document
 * loses its properties (document-cleaner.ts). Runs beside the serving server, with
 * its configuration. Each cleaned file goes to a new key and the row is switched to it only if
 * it still points to the old one (an item replaced or deleted meanwhile is left as it is), then
 * the old file is removed. Running it again finds nothing left to change but rewrites the same
 * files; it prints what it did.
 */

type MediaRow = Pick<Selectable<DB['media']>, 'id' | 'media_type' | 'file_name' | 'mime_type' | 'file_path' | 'poster_path' | 'video_360p_path' | 'video_720p_path' | 'video_1080p_path'>;
const VIDEO_COLUMNS = ['video_360p_path', 'video_720p_path', 'video_1080p_path'] as const;

export interface CleanReport {
  images: number;
  videos: number;
  documents: number;
  /** Documents kept as they are, by id, with why (an old Word file: no tool cleans one). */
  kept: Array<{ id: number; reason: string }>;
  /** Items whose files could not be read or rewritten, by id, with why. */
  skipped: Array<{ id: number; reason: string }>;
}

interface Cleaned {
  key: string;
  size: number;
  mime: string;
  ext: string;
}

async function cleanImageFile(files: FileStorage, key: string, suffix: string): Promise<Cleaned | null> {
  const bytes = await readStoredFile(files, key);
  const clean = bytes && (await cleanOriginal(bytes));
  if (!clean) return null;
  const fresh = newStorageKey(GALLERY_FOLDER, suffix);
  await files.put(fresh, clean.bytes);
  return { key: fresh, size: clean.bytes.length, mime: clean.mime, ext: clean.ext };
}

async function cleanVideoFile(files: FileStorage, key: string, mime: string, gallery: GalleryConfig, suffix: string): Promise<Cleaned> {
  const workDir = encodeWorkDir(gallery);
  await mkdir(workDir, { recursive: true });
  const local = await localFileOf(files, key, workFile(workDir));
  const input = local.file;
  const output = workFile(workDir, '.video');
  try {
    const facts = await probe(gallery.ffprobe, input);
    const written = await withoutMetadata(gallery.ffmpeg, input, output, facts, mime);
    const fresh = newStorageKey(GALLERY_FOLDER, suffix);
    await files.put(fresh, createReadStream(output));
    return { key: fresh, size: (await stat(output)).size, mime: written.mime, ext: written.ext };
  } finally {
    await rm(output, { force: true });
    await local.done();
  }
}

async function cleanDocumentFile(files: FileStorage, gallery: GalleryConfig, key: string, mime: string): Promise<Cleaned | string> {
  const bytes = await readStoredFile(files, key);
  if (!bytes) throw new Error('the file is missing');
  const clean = await cleanDocumentBytes(gallery, bytes, mime);
  if (typeof clean === 'string') return clean;
  const fresh = newStorageKey(GALLERY_FOLDER, '');
  await files.put(fresh, clean);
  return { key: fresh, size: clean.length, mime, ext: '' };
}

const renamed = (name: string, from: string, to: Cleaned): string => (to.mime === from ? name : `${name.replace(/\.[a-z0-9]{1,8}$/i, '')}${to.ext}`.slice(-255));

/** Clean one item's files; the row switches to them only while it still points to what was read. */
async function cleanItem(db: Kysely<DB>, files: FileStorage, gallery: GalleryConfig, row: MediaRow): Promise<boolean | string> {
  const made: string[] = [];
  try {
    const set: Record<string, string | number> = {};
    if (row.media_type === 'document') {
      const document = await cleanDocumentFile(files, gallery, row.file_path, row.mime_type);
      if (typeof document === 'string') return document;
      made.push(document.key);
      Object.assign(set, { file_path: document.key, size_bytes: document.size });
    } else if (row.media_type === 'image') {
      const original = await cleanImageFile(files, row.file_path, '');
      if (!original) throw new Error('the image does not decode');
      made.push(original.key);
      Object.assign(set, { file_path: original.key, size_bytes: original.size, mime_type: original.mime, file_name: renamed(row.file_name, row.mime_type, original) });
    } else {
      const original = await cleanVideoFile(files, row.file_path, row.mime_type, gallery, '');
      made.push(original.key);
      Object.assign(set, { file_path: original.key, size_bytes: original.size, mime_type: original.mime, file_name: renamed(row.file_name, row.mime_type, original) });
      for (const column of VIDEO_COLUMNS) {
        const key = row[column];
        if (!key) continue;
        const version = await cleanVideoFile(files, key, 'video/mp4', gallery, '.mp4');
        made.push(version.key);
        set[column] = version.key;
      }
      if (row.poster_path) {
        const poster = await cleanImageFile(files, row.poster_path, '.jpg');
        if (poster) {
          made.push(poster.key);
          set.poster_path = poster.key;
        }
      }
    }
    let update = db.updateTable('media').set(set).where('id', '=', row.id).where('file_path', '=', row.file_path);
    for (const column of ['poster_path', ...VIDEO_COLUMNS] as const) update = row[column] ? update.where(column, '=', row[column]) : update.where(column, 'is', null);
    const switched = (await update.executeTakeFirst()).numUpdatedRows > 0n;
    if (!switched) {
      for (const key of made) await files.remove(key);
      return false;
    }
    await files.commit(made);
    const old = [row.file_path, row.poster_path, ...VIDEO_COLUMNS.map((c) => row[c])].filter((k): k is string => !!k && !made.includes(k));
    for (const key of old) await files.remove(key);
    return true;
  } catch (err) {
    for (const key of made) await files.remove(key).catch(() => {});
    throw err;
  }
}

export async function cleanMediaMetadata(config: Config, log: (line: string) => void = () => {}): Promise<CleanReport> {
  const gallery = galleryConfig(config);
  const database = openDatabase(config);
  let files: StoredFiles;
  try {
    files = openFileStorage(config, new DataKeyring(await unlockDataKey(config, database.db)));
  } catch (err) {
    await database.destroy();
    throw err;
  }
  const report: CleanReport = { images: 0, videos: 0, documents: 0, kept: [], skipped: [] };
  try {
    const videosToo = (await isAvailable(gallery.ffmpeg)) && (await isAvailable(gallery.ffprobe));
    const rows = await database.db
      .selectFrom('media')
      .select(['id', 'media_type', 'file_name', 'mime_type', 'file_path', 'poster_path', 'video_360p_path', 'video_720p_path', 'video_1080p_path'])
      .where('media_type', 'in', videosToo ? ['image', 'video', 'document'] : ['image', 'document'])
      // Plain text has no properties to clear.
      .where('mime_type', '!=', 'text/plain')
      .orderBy('id')
      .execute();
    if (!videosToo) log('ffmpeg/ffprobe not found: videos are left as they are (scripts/install-system-deps.sh installs them).');
    for (const row of rows) {
      try {
        const cleaned = await cleanItem(database.db, files, gallery, row);
        if (typeof cleaned === 'string') report.kept.push({ id: row.id, reason: cleaned });
        if (cleaned !== true) continue;
        if (row.media_type === 'image') report.images++;
        else if (row.media_type === 'video') report.videos++;
        else report.documents++;
      } catch (err) {
        report.skipped.push({ id: row.id, reason: (err as Error).message });
      }
    }
  } finally {
    await database.destroy();
  }
  return report;
}

if (isMain(import.meta.url)) {
  try {
    const report = await cleanMediaMetadata(loadConfig(), (line) => console.log(line));
    console.log(`Cleaned ${report.images} photos, ${report.videos} videos and ${report.documents} documents.`);
    for (const k of report.kept) console.log(`Item ${k.id} kept as it is: ${k.reason}`);
    for (const s of report.skipped) console.log(`Item ${s.id} left as it is: ${s.reason}`);
    process.exitCode = report.skipped.length ? 1 : 0;
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
