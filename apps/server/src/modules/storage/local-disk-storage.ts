import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataKeyring } from '../../lib/data-key.ts';
import { decryptingStream, encryptingStream, HEADER, headerKeyId, isEncryptedHeader, plainSize } from './file-cipher.ts';
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

/**
 * Files under one directory outside the web root (config.storageDir). With a keyring (every
 * server and command does), each file is written encrypted with the current data key
 * (file-cipher.ts) and read back decrypted; files written before encryption are read as they are
 * until the start-up pass encrypts them (stored-files-rekey.ts). Without one (the storage's own
 * unit tests), files are kept as given.
 */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(
    root: string,
    private readonly keyring?: DataKeyring,
  ) {
    this.root = path.resolve(root);
  }

  /** A folder needs no check: it is made as files are stored. */
  async check(): Promise<void> {}

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
      await this.writeFile(temp, key, data);
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => {});
      await unlink(mark).catch(() => {});
      throw err;
    }
  }

  /** Write `data` to the new file `file` as it is stored under `key`: encrypted when there is a keyring. */
  private async writeFile(file: string, key: string, data: Buffer | Readable): Promise<void> {
    if (!this.keyring) {
      if (Buffer.isBuffer(data)) await writeFile(file, data, { flag: 'wx' });
      else await pipeline(data, createWriteStream(file, { flags: 'wx' }));
      return;
    }
    await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, encryptingStream(this.keyring.current, key), createWriteStream(file, { flags: 'wx' }));
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

  /** No path for encrypted storage: its files on disk are ciphertext, so programs get a decrypted temporary copy. */
  localPath(key: string): string | null {
    return this.keyring ? null : this.pathOf(key);
  }

  /** The open file, its size and its first bytes; null when there is no such file. */
  private async openFile(key: string): Promise<{ handle: FileHandle; size: number; head: Buffer } | null> {
    const full = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(full, 'r');
    } catch {
      return null;
    }
    try {
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      const head = Buffer.alloc(Math.min(HEADER, s.size));
      await handle.read(head, 0, head.length, 0);
      return { handle, size: s.size, head };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const file = await this.openFile(key);
    if (!file) return null;
    if (this.keyring && isEncryptedHeader(file.head)) {
      const { handle } = file;
      const source = {
        read: async (offset: number, length: number) => {
          const buffer = Buffer.allocUnsafe(length);
          const { bytesRead } = await handle.read(buffer, 0, length, offset);
          return buffer.subarray(0, bytesRead);
        },
        close: () => void handle.close().catch(() => {}),
      };
      return decryptingStream(source, file.size, file.head, this.keyring, key, range);
    }
    // Written before encryption (or by storage without a keyring): as it is.
    const stream = file.handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return stream as unknown as Readable;
  }

  /** Every stored file's key (work folders, whose names start with '.', left out). */
  async keys(): Promise<string[]> {
    return (await listFiles(this.root)).filter((rel) => !rel.split('/').some((s) => s.startsWith('.')) && isValidStorageKey(rel));
  }

  /**
   * Write the file at `key` again, sealed with the current key, when it is plaintext or sealed with
   * another key of the keyring; true when it was. Atomic as `put` is (a temporary file renamed over
   * it), so a kill at any point leaves the old file or the new one, both readable with the keyring;
   * it adds no uncommitted mark (the file's record is unchanged). Not for a file being replaced meanwhile.
   */
  async reseal(key: string): Promise<boolean> {
    const keyring = this.keyring;
    if (!keyring) throw new Error('No keyring to seal files with.');
    const file = await this.openFile(key);
    if (!file) return false;
    await file.handle.close();
    if (isEncryptedHeader(file.head) && headerKeyId(file.head).equals(keyring.current.id)) return false;
    const source = await this.open(key);
    if (!source) return false;
    const temp = path.join(this.root, TEMP_DIR, `${process.pid}-${randomBytes(8).toString('hex')}`);
    await mkdir(path.dirname(temp), { recursive: true });
    try {
      await this.writeFile(temp, key, source);
      const written = await open(temp, 'r+');
      await written.sync().finally(() => written.close());
      await rename(temp, this.pathOf(key));
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw err;
    }
    return true;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await this.dropMarks(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    if (this.keyring) {
      const file = await this.openFile(key);
      if (!file) return null;
      await file.handle.close();
      return isEncryptedHeader(file.head) ? plainSize(file.size) : file.size;
    }
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
