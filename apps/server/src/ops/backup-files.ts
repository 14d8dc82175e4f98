import { copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Dialect } from '../config.ts';

/** What `npm run backup` writes beside the copies, and `npm run restore` reads first. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  dialect: Dialect;
  /** The database copy inside the backup folder: a SQLite file, or a pg_dump custom-format archive. */
  database: string;
  /** The storage folder's copy inside the backup folder. */
  storage: string;
  files: number;
  bytes: number;
}

export const MANIFEST = 'manifest.json';
export const STORAGE_COPY = 'storage';

/**
 * Stored files have keys that never start with a dot; the storage's top-level dot folders hold work
 * in progress — half-written files (`.tmp/`, local-disk-storage.ts), unfinished resumable uploads
 * and transcoding, documents being cleaned (the gallery's `.resumable/`, `.transcode/`, `.documents/`) — that nothing refers to: not copied.
 * Except the `.uncommitted/` marks, copied with the files they mark: whether such a file's record
 * made it into the database copy is for the restored server's start-up sweep to decide (it keeps a
 * file a record points to and removes the rest), as after a crash.
 */
const skipped = (topLevelName: string) => topLevelName.startsWith('.') && topLevelName !== '.uncommitted';

/**
 * Every stored file under `from` that a backup takes (work in progress left out), as paths relative
 * to it, in folder order. A storage folder that does not exist yet (nothing stored) has none.
 */
export async function* storedFilesToCopy(from: string): AsyncGenerator<string> {
  const walk = async function* (dir: string, top: boolean): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(path.join(from, dir), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      if (top && skipped(entry.name)) continue;
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(rel, false);
      else if (entry.isFile()) yield rel;
    }
  };
  yield* walk('', true);
}

/** Copy a folder tree file by file (a stored file is never rewritten in place, only added or removed). */
export async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  await mkdir(to, { recursive: true });
  for await (const rel of storedFilesToCopy(from)) {
    await mkdir(path.dirname(path.join(to, rel)), { recursive: true });
    try {
      await copyFile(path.join(from, rel), path.join(to, rel));
    } catch (err) {
      // Removed since the folder was listed (a replaced photo, a mark of a finished upload).
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    files++;
    bytes += (await stat(path.join(to, rel))).size;
  }
  return { files, bytes };
}

/** The manifest of a backup folder, or an error that says what is wrong with the folder. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new Error(`${dir} is not a backup: it has no ${MANIFEST} (npm run backup writes one).`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1 || (manifest.dialect !== 'sqlite' && manifest.dialect !== 'postgres')) throw new Error(`${dir}/${MANIFEST} is not a backup manifest this version can read.`);
  return manifest;
}

/** A folder name that sorts by time and is valid on every file system: 2026-11-24T09-30-05Z. */
export function timestampName(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

/** Where backups go by default: ./backups in the repository, beside ./data (both ignored by git). */
export const DEFAULT_BACKUPS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../backups');

/** True in the module run as the command (not when a test imports it). */
export const isMain = (moduleUrl: string) => !!process.argv[1] && moduleUrl === pathToFileURL(process.argv[1]).href;

/** A path the user typed, relative to where they typed it (npm runs scripts from the repository root). */
export function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), p);
}
