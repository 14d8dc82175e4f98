import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidStorageKey, type FileStorage } from './file-storage.types.ts';

/*
 * Two folders beside the stored files hold what a crash can leave. Their
 * names start with '.', which no storage key can, so they never mix with stored files:
 * - `.tmp/<pid>-<random>`: a file being written; renamed into place when whole.
 * - `.uncommitted/<key>@<pid>`: an empty mark, made before the file at <key> is written and
 *   removed by `commit` once the database write pointing to it has committed; or made by
 *   `release` before a write that drops the file's record, and removed with the file.
 * The process id says whose they are, so a start-up sweep leaves a live process's work alone.
 */
const TEMP_DIR = '.tmp';
const MARK_DIR = '.uncommitted';

/** Files under one directory outside the web root (config.storageDir). */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    const full = path.resolve(this.root, key);
    // Belt and braces: the key pattern already rules traversal out.
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  }

  private markOf(key: string, pid = process.pid): string {
    return path.join(this.root, MARK_DIR, `${key}@${pid}`);
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    const mark = this.markOf(key);
    const temp = path.join(this.root, TEMP_DIR, `${process.pid}-${randomBytes(8).toString('hex')}`);
    await Promise.all([mkdir(path.dirname(target), { recursive: true }), mkdir(path.dirname(mark), { recursive: true }), mkdir(path.dirname(temp), { recursive: true })]);
    // The mark exists before any byte of the file does: a crash from here on leaves it to the sweep.
    await writeFile(mark, '');
    try {
      if (Buffer.isBuffer(data)) await writeFile(temp, data, { flag: 'wx' });
      else await pipeline(data, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => {});
      await unlink(mark).catch(() => {});
      throw err;
    }
  }

  async release(keys: ReadonlyArray<string | null | undefined>): Promise<void> {
    for (const key of keys.filter((k): k is string => !!k)) {
      this.pathOf(key);
      const mark = this.markOf(key);
      await mkdir(path.dirname(mark), { recursive: true });
      await writeFile(mark, '');
    }
  }

  async commit(keys: ReadonlyArray<string | null | undefined>): Promise<void> {
    await Promise.all(keys.filter((k): k is string => !!k).map((k) => this.dropMarks(k)));
  }

  /** Remove every mark of `key`, whichever process made it. */
  private async dropMarks(key: string): Promise<void> {
    this.pathOf(key);
    const dir = path.dirname(this.markOf(key));
    const prefix = `${path.basename(key)}@`;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => rm(path.join(dir, n), { force: true })));
  }

  async leftovers(gone: (pid: number) => boolean): Promise<{ uncommitted: string[]; temporary: string[] }> {
    const uncommitted = new Set<string>();
    for (const mark of await listFiles(path.join(this.root, MARK_DIR))) {
      const at = mark.lastIndexOf('@');
      const key = mark.slice(0, at);
      if (at > 0 && isValidStorageKey(key) && gone(Number(mark.slice(at + 1)))) uncommitted.add(key);
    }
    const temporary = (await listFiles(path.join(this.root, TEMP_DIR))).filter((name) => gone(Number(name.split('-')[0])));
    return { uncommitted: [...uncommitted], temporary };
  }

  adopt(key: string): Promise<void> {
    return this.dropMarks(key);
  }

  async removeTemporary(name: string): Promise<void> {
    if (!/^\d+-[0-9a-f]+$/.test(name)) throw new Error(`Not a temporary file name: ${name}`);
    await rm(path.join(this.root, TEMP_DIR, name), { force: true });
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(file, range);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await this.dropMarks(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }
}

/** Paths of the files under `dir`, relative to it with '/' separators; none when it does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}
