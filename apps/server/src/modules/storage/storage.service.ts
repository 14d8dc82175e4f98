import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from './file-storage.types.ts';
import { DataKeyring } from '../../lib/data-key.ts';
import { openFileStorage } from './file-storages.ts';
import { scratchStream } from './scratch-cipher.ts';
import { sweepUncommittedFiles } from './uncommitted-files.ts';

/** Whether a process id on this machine has ended: for features that keep work files per process (gallery transcodes). */
export { processGone } from './uncommitted-files.ts';
export { withSharp } from './images.service.ts';
import { SIGNING_KEY_NAME, UrlSigner } from './url-signer.ts';

export type { FileStorage } from './file-storage.types.ts';

/** The storage layer every feature with files uses: where the bytes live, and how to link to them. */
export interface FileStore {
  files: FileStorage;
  /** Throws until `load()` has read the shared signing key. */
  readonly signer: UrlSigner;
  /**
   * Read the shared signing key (made by the start-up seed), then clear what crashed processes
   * left in the storage (uncommitted-files.ts); called when the app becomes ready, before it serves.
   */
  load(log?: Pick<FastifyBaseLogger, 'info' | 'error'>): Promise<void>;
  /** A short-lived signed URL for a stored key shown by row `record` of the key's folder's owner, or null for no file. */
  url(key: string | null | undefined, record: number): string | null;
  /**
   * The feature whose files live under `folder` (the first segment of their keys) says whether
   * its row `record` still shows `key` to anyone: it exists, is not trashed, and points to that
   * file. Asked before every file is served, so it must be cheap (a lookup by primary key).
   */
  serveFolder(folder: string, owner: FileOwner): void;
  /** Whether row `record` of the key's folder's owner still shows the file; false for a folder nobody owns. */
  shows(key: string, record: number): Promise<boolean>;
  /**
   * The stream that hides (or, run again, reveals) the bytes of a work file outside the storage's
   * keys from byte `offset` on: a resumable upload's received parts (scratch-cipher.ts).
   */
  scratch(name: string, offset?: number): Transform;
}

export type FileOwner = (record: number, key: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}


/**
 * The signing key is generated once by the start-up seed (db/seed.ts) and kept in `app_keys`, so
 * every server process signs and verifies alike (no per-process secret: several processes may
 * sit behind one balancer).
 */
async function signingKey(db: Kysely<DB>): Promise<Buffer> {
  const row = await db.selectFrom('app_keys').select('value').where('name', '=', SIGNING_KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'hex');
}

export function createFileStore(config: Pick<Config, 'storageDir' | 's3' | 'dataKey'>, db: Kysely<DB>, files?: FileStorage): FileStore {
  let signer: UrlSigner | null = null;
  const owners = new Map<string, FileOwner>();
  const keyring = new DataKeyring(config.dataKey);
  const store: FileStore = {
    scratch: (name, offset = 0) => scratchStream(keyring, name, offset),
    // Always encrypted: without a data key loaded (an app built for a test of its routes alone), storing a file throws.
    files: files ?? openFileStorage(config, keyring),
    get signer() {
      if (!signer) throw new Error('The storage signing key is not loaded (is the database migrated?).');
      return signer;
    },
    async load(log) {
      signer ??= new UrlSigner(await signingKey(db));
      // A failed sweep leaves files for the next start; it never stops this one.
      const swept = await sweepUncommittedFiles(db, store.files).catch((err: unknown) => log?.error({ err }, 'storage sweep failed'));
      if (swept && (swept.removed || swept.kept || swept.temporary)) log?.info(swept, 'storage: cleared what interrupted uploads left');
    },
    url: (key, record) => (key ? store.signer.sign(key, record) : null),
    serveFolder(folder, owner) {
      if (owners.has(folder)) throw new Error(`Two features own the storage folder '${folder}'.`);
      owners.set(folder, owner);
    },
    async shows(key, record) {
      const owner = owners.get(key.split('/')[0] ?? '');
      return owner ? owner(record, key) : false;
    },
  };
  return store;
}

/** A fresh, unguessable key under `folder`: `folder/yyyy/mm/<random><suffix>`. */
export function newStorageKey(folder: string, suffix: string, now = new Date()): string {
  const y = now.getUTCFullYear();
  const m = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${folder}/${y}/${m}/${randomBytes(16).toString('hex')}${suffix}`;
}

/**
 * The record pointing to these files has committed. Never fails the caller: the save is done, and
 * a mark left behind is settled by the next start's sweep (a record points to the file, so it stays).
 */
export async function commitQuietly(files: FileStorage, keys: Array<string | null | undefined>, log?: { warn(o: object, m: string): void }): Promise<void> {
  await files.commit(keys).catch((err: unknown) => log?.warn({ err, keys }, 'could not mark stored files committed'));
}

/**
 * Before a write that drops these files' record: see FileStorage.release. Never fails the caller:
 * without the mark, a crash at the wrong moment leaves a file behind, which is logged, not a failed request.
 */
export async function releaseQuietly(files: FileStorage, keys: Array<string | null | undefined>, log?: { warn(o: object, m: string): void }): Promise<void> {
  await files.release(keys).catch((err: unknown) => log?.warn({ err, keys }, 'could not mark stored files for removal'));
}

/** Remove files, never failing the caller: a leftover file is logged, not a failed request. */
export async function removeQuietly(files: FileStorage, keys: Array<string | null | undefined>, log?: { warn(o: object, m: string): void }): Promise<void> {
  await Promise.all(
    keys.filter((k): k is string => !!k).map((k) => files.remove(k).catch((err: unknown) => log?.warn({ err, key: k }, 'could not remove stored file'))),
  );
}

/**
 * The stored file as a file on this machine, for a program that reads files by name (ffmpeg):
 * its own path where the storage keeps it as it is, else a decrypted copy at `copyPath` (a work
 * file whose name tells the start-up sweep whose it is). `done` removes the copy: callers call it
 * in a `finally`, so no plaintext copy outlives the job.
 */
export async function localFileOf(files: FileStorage, key: string, copyPath: string): Promise<{ file: string; done: () => Promise<void> }> {
  const local = files.localPath(key);
  if (local) return { file: local, done: async () => {} };
  const done = () => rm(copyPath, { force: true });
  try {
    const stream = await files.open(key);
    if (!stream) throw new Error('the stored file is missing');
    await pipeline(stream, createWriteStream(copyPath, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await done();
    throw err;
  }
  return { file: copyPath, done };
}

/**
 * A stored file's bytes, whole (an image to decode: never a video or a large document). Null when
 * there is no such file, or when it is larger than `maxBytes` (the read stops there).
 */
export async function readStoredFile(files: FileStorage, key: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer | null> {
  const stream = await files.open(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
