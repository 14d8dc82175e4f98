import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { DataKey, DataKeyring } from '../../lib/data-key.ts';

/*
 * A stored file encrypted at rest (decision 0053): a 32-byte header, then the content
 * in chunks of CHUNK bytes, each sealed on its own with AES-256-GCM (ciphertext + 16-byte tag).
 *
 *   header: magic (8) | key id (8) | nonce prefix (8, random per file) | chunk size (4) | zero (4)
 *   chunk i: nonce = prefix | i (4 bytes); associated data = header | i (8) | final flag (1) | storage key
 *
 * Sealing each chunk alone lets a Range request decrypt only the chunks it touches, and a 2 GB
 * video is never held whole. The associated data refuses what an attacker with the disk could do
 * short of reading it: a chunk moved within a file or between files, a file moved to another key,
 * a file cut at a chunk boundary (its new last chunk was not sealed as the final one), a header
 * changed. The key id in the header says which key sealed the file, so both keys read during a
 * rotation. A file without the magic is a plaintext one from before encryption (an upgrade in
 * progress) and is read as it is.
 */

export const CHUNK = 64 * 1024;
const TAG = 16;
export const HEADER = 32;
const MAGIC = Buffer.from([0x89, 0x4f, 0x43, 0x46, 0x0d, 0x0a, 0x1a, 0x01]);
/** Chunks read from disk at once while streaming: fewer reads, bounded memory. */
const BATCH = 16;

/** A stored file that fails its authentication (tampered, truncated) or names a key this process lacks. */
export class DamagedFileError extends Error {
  override name = 'DamagedFileError';
}

function associatedData(header: Buffer, index: number, final: boolean, storageKey: string): Buffer {
  const position = Buffer.alloc(9);
  position.writeBigUInt64BE(BigInt(index), 0);
  position[8] = final ? 1 : 0;
  return Buffer.concat([header, position, Buffer.from(storageKey, 'utf8')]);
}

function nonceOf(header: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(12);
  header.copy(nonce, 0, 16, 24);
  nonce.writeUInt32BE(index, 8);
  return nonce;
}

/** The stream that encrypts a file's content for `storageKey` under `key`. */
export function encryptingStream(key: DataKey, storageKey: string): Transform {
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header, 0);
  key.id.copy(header, 8);
  randomBytes(8).copy(header, 16);
  header.writeUInt32BE(CHUNK, 24);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  const seal = (plain: Buffer, final: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key.key, nonceOf(header, index));
    cipher.setAAD(associatedData(header, index, final, storageKey));
    index++;
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        this.push(header);
        started = true;
      }
      pending.push(data);
      pendingBytes += data.length;
      // A full chunk goes out only once a byte beyond it has come: only then is it known not to be the last.
      if (pendingBytes > CHUNK) {
        let all = Buffer.concat(pending);
        while (all.length > CHUNK) {
          this.push(seal(all.subarray(0, CHUNK), false));
          all = all.subarray(CHUNK);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header);
      this.push(seal(Buffer.concat(pending), true));
      done();
    },
  });
}

/** Whether the first bytes of a stored file are an encrypted file's header. */
export const isEncryptedHeader = (head: Buffer): boolean => head.length >= HEADER && head.subarray(0, 8).equals(MAGIC);

/** The content's size from the encrypted file's size; throws for a size no such file can have. */
export function plainSize(fileSize: number): number {
  const body = fileSize - HEADER;
  const chunks = Math.ceil(body / (CHUNK + TAG));
  const last = body - (chunks - 1) * (CHUNK + TAG);
  if (body < TAG || last < TAG) throw new DamagedFileError('The stored file is cut short.');
  return body - chunks * TAG;
}

/** The key id in an encrypted file's header. */
export const headerKeyId = (header: Buffer): Buffer => header.subarray(8, 16);

/**
 * Where an encrypted file's bytes come from: a file on disk read at any offset, or an object store's
 * ranged GET read in order (s3-storage.ts). `read` gives exactly `length` bytes from `offset`, or
 * fewer when the file ends or changed; `close` ends the source however the stream ended.
 */
export interface SealedSource {
  read(offset: number, length: number): Promise<Buffer>;
  close(): void;
}

/** The first and last sealed bytes (inclusive) that hold content bytes `start`..`end` of a file of `fileSize` bytes: what a ranged read must fetch. */
export function sealedSpan(fileSize: number, range?: { start: number; end: number }): { from: number; to: number } {
  const size = plainSize(fileSize);
  const chunks = Math.max(1, Math.ceil(size / CHUNK));
  const start = Math.max(0, range?.start ?? 0);
  const end = Math.min(size - 1, range?.end ?? size - 1);
  const first = Math.min(Math.floor(start / CHUNK), chunks - 1);
  const last = end < start ? first : Math.floor(end / CHUNK);
  return { from: HEADER + first * (CHUNK + TAG), to: Math.min(fileSize, HEADER + (last + 1) * (CHUNK + TAG)) - 1 };
}

/**
 * A stream of content bytes `start`..`end` (inclusive) of the encrypted file read from `file`, of
 * `fileSize` bytes; its chunks are read in order, from the first one the range touches. The first chunk is read and authenticated before this resolves, so a
 * damaged or foreign file throws here rather than after an answer has begun; a later damaged
 * chunk fails the stream before any of its bytes are passed on.
 */
export async function decryptingStream(
  file: SealedSource,
  fileSize: number,
  header: Buffer,
  keyring: DataKeyring,
  storageKey: string,
  range?: { start: number; end: number },
): Promise<Readable> {
  try {
    return await openSealed(file, fileSize, header, keyring, storageKey, range);
  } catch (err) {
    file.close();
    throw err;
  }
}

async function openSealed(
  file: SealedSource,
  fileSize: number,
  header: Buffer,
  keyring: DataKeyring,
  storageKey: string,
  range?: { start: number; end: number },
): Promise<Readable> {
  const key = keyring.byId(headerKeyId(header));
  if (!key) throw new DamagedFileError('The stored file was encrypted with another data key.');
  if (header.readUInt32BE(24) !== CHUNK) throw new DamagedFileError('The stored file has an unknown layout.');
  const size = plainSize(fileSize);
  const chunks = Math.max(1, Math.ceil(size / CHUNK));
  const start = Math.max(0, range?.start ?? 0);
  const end = Math.min(size - 1, range?.end ?? size - 1);
  const first = Math.min(Math.floor(start / CHUNK), chunks - 1);
  const last = end < start ? first : Math.floor(end / CHUNK);

  const open = (index: number, sealed: Buffer): Buffer => {
    const final = index === chunks - 1;
    const decipher = createDecipheriv('aes-256-gcm', key.key, nonceOf(header, index));
    decipher.setAAD(associatedData(header, index, final, storageKey));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      const plain = decipher.update(sealed.subarray(0, sealed.length - TAG));
      // GCM gives every byte from update(); final() only checks the tag (and returns nothing).
      decipher.final();
      return plain;
    } catch {
      throw new DamagedFileError('The stored file fails its integrity check (changed or cut short).');
    }
  };
  /** Chunks `from`..`to`, read at once and opened one by one; only the asked bytes of each. */
  const readChunks = async (from: number, to: number): Promise<Buffer[]> => {
    const offset = HEADER + from * (CHUNK + TAG);
    const length = Math.min(fileSize, HEADER + (to + 1) * (CHUNK + TAG)) - offset;
    const sealed = await file.read(offset, length);
    if (sealed.length !== length) throw new DamagedFileError('The stored file changed while being read.');
    const out: Buffer[] = [];
    for (let i = from; i <= to; i++) {
      const at = (i - from) * (CHUNK + TAG);
      const plain = open(i, sealed.subarray(at, Math.min(length, at + CHUNK + TAG)));
      const lo = i === first ? start - i * CHUNK : 0;
      const hi = i === last ? end - i * CHUNK + 1 : plain.length;
      if (hi > lo) out.push(plain.subarray(lo, hi));
    }
    return out;
  };

  const head = await readChunks(first, first);
  async function* rest(): AsyncGenerator<Buffer> {
    yield* head;
    for (let i = first + 1; i <= last && end >= start; i += BATCH) yield* await readChunks(i, Math.min(last, i + BATCH - 1));
  }
  const stream = Readable.from(rest(), { objectMode: false });
  // Closed with the stream, however it ends (read to the end, failed, or dropped by a client that left).
  stream.once('close', () => file.close());
  return stream;
}
