import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { MANIFEST, STORAGE_COPY, storedFilesToCopy, type BackupManifest } from './backup-files.ts';
import { decryptingStream, encryptingStream, EvacuationError, isEvacuationHeader, EVACUATION_MAGIC } from './evacuation-cipher.ts';

/**
 * The evacuation copy's contents, inside the encryption: entries of [u8 kind][u16 name length]
 * [name][u64 size][bytes], then a zero kind. One data key entry (when one is set), the database
 * snapshot, every stored file under `storage/`, and the manifest last (it counts the files).
 * No compression: photos and videos are compressed already, and the database is small beside them.
 */

const ENTRY = 1;
const END = 0;
/** The data key travels as this entry, never written to disk by the backup. */
export const DATA_KEY_ENTRY = 'data.key';

function entryHead(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const head = Buffer.alloc(1 + 2 + nameBytes.length + 8);
  head.writeUInt8(ENTRY, 0);
  head.writeUInt16BE(nameBytes.length, 1);
  nameBytes.copy(head, 3);
  head.writeBigUInt64BE(BigInt(size), 3 + nameBytes.length);
  return head;
}

/**
 * A file as one entry, streamed; answers its size, or null when it was removed since it was listed
 * (a replaced photo, a finished upload's mark). A file that changed meanwhile fails the backup.
 */
async function* fileEntry(name: string, file: string): AsyncGenerator<Buffer, number | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const { size } = await handle.stat();
    yield entryHead(name, size);
    let sent = 0;
    if (size > 0) {
      for await (const chunk of handle.createReadStream({ autoClose: false, start: 0, end: size - 1 }) as AsyncIterable<Buffer>) {
        sent += chunk.length;
        yield chunk;
      }
    }
    if (sent !== size) throw new Error(`${name} changed while it was copied; run the backup again.`);
    return size;
  } finally {
    await handle.close();
  }
}

export interface EvacuationContents {
  dataKey: string | null;
  /** The database snapshot, already written to a file (removed by the caller). */
  databaseFile: string;
  databaseName: string;
  storageDir: string;
  manifest: Omit<BackupManifest, 'files' | 'bytes'>;
}

/**
 * Write the encrypted archive to `file` (through `<file>.partial`, renamed at the end, so a copy
 * that did not finish never carries the final name). Answers how many stored files and bytes it holds.
 */
export async function writeEvacuationArchive(file: string, passphrase: string, contents: EvacuationContents): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const entries = async function* (): AsyncGenerator<Buffer> {
    if (contents.dataKey) {
      const key = Buffer.from(contents.dataKey, 'utf8');
      yield entryHead(DATA_KEY_ENTRY, key.length);
      yield key;
    }
    yield* fileEntry(contents.databaseName, contents.databaseFile);
    for await (const rel of storedFilesToCopy(contents.storageDir)) {
      const size = yield* fileEntry(`${STORAGE_COPY}/${rel.split(path.sep).join('/')}`, path.join(contents.storageDir, rel));
      if (size === null) continue;
      files++;
      bytes += size;
    }
    const manifest: BackupManifest = { ...contents.manifest, files, bytes };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    yield entryHead(MANIFEST, text.length);
    yield text;
    yield Buffer.from([END]);
  };
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(entries()), await encryptingStream(passphrase), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { files, bytes };
}

/** True when the path is a file that begins like an encrypted backup. */
export async function isEvacuationArchive(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return false;
  }
  try {
    if (!(await handle.stat()).isFile()) return false;
    const start = Buffer.alloc(EVACUATION_MAGIC.length);
    await handle.read(start, 0, start.length, 0);
    return isEvacuationHeader(start);
  } finally {
    await handle.close();
  }
}

/** An entry name that stays inside the folder it is unpacked into. */
function safeName(name: string): string {
  const parts = name.split('/');
  if (!name || name.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))) {
    throw new EvacuationError(`The archive is damaged or altered: it names a file outside the backup (${JSON.stringify(name)}).`);
  }
  return path.join(...parts);
}

/** Reads the decrypted bytes as entries, writing each file into `into` as it comes. */
async function unpackEntries(source: AsyncIterable<Buffer>, into: string): Promise<{ dataKey: string | null; sawEnd: boolean }> {
  const iterator = source[Symbol.asyncIterator]();
  let held: Buffer = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done) return false;
    held = held.length ? Buffer.concat([held, next.value]) : next.value;
    return true;
  };
  const take = async (n: number): Promise<Buffer> => {
    while (held.length < n) if (!(await more())) throw new EvacuationError('The archive is cut short: its end is missing.');
    const out = held.subarray(0, n);
    held = held.subarray(n);
    return out;
  };
  let dataKey: string | null = null;
  for (;;) {
    const kind = (await take(1)).readUInt8(0);
    if (kind === END) {
      if (held.length || (await more())) throw new EvacuationError('The archive is damaged or altered: there are bytes after its end.');
      return { dataKey, sawEnd: true };
    }
    if (kind !== ENTRY) throw new EvacuationError('The archive is damaged or altered: an entry of an unknown kind.');
    const nameLength = (await take(2)).readUInt16BE(0);
    const name = (await take(nameLength)).toString('utf8');
    const size = Number((await take(8)).readBigUInt64BE(0));
    if (name === DATA_KEY_ENTRY) {
      dataKey = (await take(size)).toString('utf8');
      continue;
    }
    const target = path.join(into, safeName(name));
    await mkdir(path.dirname(target), { recursive: true });
    const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
    try {
      let left = size;
      while (left > 0) {
        if (!held.length && !(await more())) throw new EvacuationError('The archive is cut short: its end is missing.');
        const piece = held.subarray(0, Math.min(left, held.length));
        held = held.subarray(piece.length);
        left -= piece.length;
        if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    }
  }
}

/**
 * Decrypt and unpack the whole archive into a new folder beside `near` (on the same disk as the
 * data it will replace), checking every chunk on the way. Only when all of it checked does it
 * answer the folder, a plain backup folder `restore` reads, and the data key; on any failure the
 * folder is removed and nothing else was touched.
 */
export async function unpackEvacuationArchive(file: string, passphrase: string, near: string): Promise<{ dir: string; dataKey: string | null }> {
  await mkdir(near, { recursive: true });
  const dir = await mkdtemp(path.join(near, '.evacuation-restore-'));
  try {
    let result: { dataKey: string | null; sawEnd: boolean } = { dataKey: null, sawEnd: false };
    await pipeline(createReadStream(file), decryptingStream(passphrase), async (source: AsyncIterable<Buffer>) => {
      result = await unpackEntries(source, dir);
    });
    if (!result.sawEnd) throw new EvacuationError('The archive is cut short: its end is missing.');
    return { dir, dataKey: result.dataKey };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Where a backup's database snapshot is made before it is encrypted: beside the data, never beside the archive. */
export function snapshotPlace(config: Config): string {
  return path.dirname(config.storageDir);
}
