import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidStorageKey, type FileStorage } from './file-storage.types.ts';

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

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(data)) await writeFile(temp, data, { flag: 'wx' });
      else await pipeline(data, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw err;
    }
  }

  async open(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
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
