import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The encryption of an evacuation copy: a passphrase stretched by scrypt into a 256-bit key, then
 * AES-256-GCM over fixed-size chunks, streamed, so a 2 GB video passes through a chunk at a time.
 *
 * File layout: a plain header (magic, version, scrypt parameters, salt, nonce prefix, chunk size),
 * then frames of [u32 length][u8 flags][ciphertext][16-byte tag]. Each chunk's nonce is the prefix
 * and its index; its associated data is the whole header, its index and its flags (1 = the last
 * chunk). So a changed header, a changed, dropped, repeated or reordered chunk, and a file cut
 * short after any chunk but the last, all fail to decrypt. A fresh salt per archive gives a fresh
 * key, so counter nonces never repeat under one key.
 */

export const EVACUATION_MAGIC = Buffer.from('ORPHAN-CARE-EVAC', 'ascii');
const VERSION = 1;
const KDF_SCRYPT = 1;
const SALT_BYTES = 16;
const NONCE_PREFIX_BYTES = 4;
const TAG_BYTES = 16;
const FRAME_HEAD_BYTES = 5;
const FINAL = 1;
export const HEADER_BYTES = EVACUATION_MAGIC.length + 5 + SALT_BYTES + NONCE_PREFIX_BYTES + 4;
const CHUNK_BYTES = 256 * 1024;

/** scrypt's cost: 2^17 × 8 × 128 bytes = 128 MiB and a second or so per try, for anyone guessing. */
const DEFAULT_COST = { log2N: 17, r: 8, p: 1 };
/** What a header may ask for: an archive must not make the restore machine run out of memory. */
const MAX_COST = { log2N: 20, r: 16, p: 4 };

/** The shortest passphrase accepted: it is all that stands between a seized copy and its contents. */
export const MIN_PASSPHRASE_LENGTH = 12;

export class EvacuationError extends Error {}

interface Header {
  bytes: Buffer;
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  noncePrefix: Buffer;
  chunkBytes: number;
}

function writeHeader(): Header {
  const salt = randomBytes(SALT_BYTES);
  const noncePrefix = randomBytes(NONCE_PREFIX_BYTES);
  const bytes = Buffer.alloc(HEADER_BYTES);
  let at = EVACUATION_MAGIC.copy(bytes, 0);
  at = bytes.writeUInt8(VERSION, at);
  at = bytes.writeUInt8(KDF_SCRYPT, at);
  at = bytes.writeUInt8(DEFAULT_COST.log2N, at);
  at = bytes.writeUInt8(DEFAULT_COST.r, at);
  at = bytes.writeUInt8(DEFAULT_COST.p, at);
  at += salt.copy(bytes, at);
  at += noncePrefix.copy(bytes, at);
  bytes.writeUInt32BE(CHUNK_BYTES, at);
  return { bytes, ...DEFAULT_COST, salt, noncePrefix, chunkBytes: CHUNK_BYTES };
}

/** True when the bytes begin like an evacuation copy. */
export function isEvacuationHeader(start: Buffer): boolean {
  return start.length >= EVACUATION_MAGIC.length && start.subarray(0, EVACUATION_MAGIC.length).equals(EVACUATION_MAGIC);
}

/** The header of an archive, checked for what this version can read and for a cost it may pay. */
export function readHeader(bytes: Buffer): Header {
  if (bytes.length < HEADER_BYTES || !isEvacuationHeader(bytes)) throw new EvacuationError('This file is not an encrypted backup (its beginning is not the one npm run backup -- --encrypt writes).');
  let at = EVACUATION_MAGIC.length;
  const version = bytes.readUInt8(at++);
  const kdf = bytes.readUInt8(at++);
  if (version !== VERSION || kdf !== KDF_SCRYPT) throw new EvacuationError('This encrypted backup was written by a newer version of the product; restore it with that version.');
  const log2N = bytes.readUInt8(at++);
  const r = bytes.readUInt8(at++);
  const p = bytes.readUInt8(at++);
  const salt = bytes.subarray(at, (at += SALT_BYTES));
  const noncePrefix = bytes.subarray(at, (at += NONCE_PREFIX_BYTES));
  const chunkBytes = bytes.readUInt32BE(at);
  if (log2N < 10 || log2N > MAX_COST.log2N || r < 1 || r > MAX_COST.r || p < 1 || p > MAX_COST.p || chunkBytes < 1024 || chunkBytes > 16 * 1024 * 1024) {
    throw new EvacuationError('The archive is damaged or altered: its header is not one npm run backup writes.');
  }
  return { bytes: Buffer.from(bytes.subarray(0, HEADER_BYTES)), log2N, r, p, salt, noncePrefix, chunkBytes };
}

function deriveKey(passphrase: string, h: Header): Promise<Buffer> {
  const N = 2 ** h.log2N;
  const options: ScryptOptions = { N, r: h.r, p: h.p, maxmem: 256 * N * h.r + 32 * 1024 * 1024 };
  return new Promise((resolve, reject) => scryptCallback(passphrase.normalize('NFC'), h.salt, 32, options, (err, key) => (err ? reject(err) : resolve(key))));
}

function nonceOf(h: Header, index: number): Buffer {
  const nonce = Buffer.alloc(12);
  h.noncePrefix.copy(nonce, 0);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

function aadOf(h: Header, index: number, flags: number): Buffer {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index), 0);
  tail.writeUInt8(flags, 8);
  return Buffer.concat([h.bytes, tail]);
}

/** A stream that turns plain bytes into the archive: its header, then one frame per chunk, the last marked final. */
export async function encryptingStream(passphrase: string): Promise<Transform> {
  const header = writeHeader();
  const key = await deriveKey(passphrase, header);
  let index = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const frame = (plain: Buffer, flags: number): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(header, index), { authTagLength: TAG_BYTES });
    cipher.setAAD(aadOf(header, index, flags));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const head = Buffer.alloc(FRAME_HEAD_BYTES);
    head.writeUInt32BE(plain.length, 0);
    head.writeUInt8(flags, 4);
    index++;
    return Buffer.concat([head, body, cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        this.push(header.bytes);
        started = true;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A full chunk goes out only once more follows, so the last one can be marked final.
      while (pendingBytes > header.chunkBytes) {
        const all = Buffer.concat(pending);
        this.push(frame(all.subarray(0, header.chunkBytes), 0));
        pending = [all.subarray(header.chunkBytes)];
        pendingBytes = pending[0].length;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header.bytes);
      this.push(frame(Buffer.concat(pending), FINAL));
      done();
    },
  });
}

/**
 * A stream that takes the archive (header included) and gives the plain bytes, each chunk only
 * once its tag checks. It fails on a wrong passphrase, a changed byte anywhere, a file cut short or
 * anything after the final chunk: a reader must not act on what it gave until the stream ended
 * without error.
 */
export function decryptingStream(passphrase: string): Transform {
  let header: Header | null = null;
  let key: Buffer | null = null;
  let buffered: Buffer = Buffer.alloc(0);
  let index = 0;
  let finished = false;
  let offset = 0;

  const decryptFrames = (push: (b: Buffer) => void) => {
    while (header && key && buffered.length >= FRAME_HEAD_BYTES) {
      if (finished) throw new EvacuationError('The archive is damaged or altered: there are bytes after its end.');
      const length = buffered.readUInt32BE(0);
      const flags = buffered.readUInt8(4);
      if (length > header.chunkBytes || (flags !== 0 && flags !== FINAL)) throw new EvacuationError(`The archive is damaged or altered near byte ${offset}.`);
      const total = FRAME_HEAD_BYTES + length + TAG_BYTES;
      if (buffered.length < total) return;
      const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(header, index), { authTagLength: TAG_BYTES });
      decipher.setAAD(aadOf(header, index, flags));
      decipher.setAuthTag(buffered.subarray(FRAME_HEAD_BYTES + length, total));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(buffered.subarray(FRAME_HEAD_BYTES, FRAME_HEAD_BYTES + length)), decipher.final()]);
      } catch {
        throw new EvacuationError(index === 0 ? 'The passphrase is wrong, or the archive is damaged or altered.' : `The archive is damaged or altered near byte ${offset}.`);
      }
      push(plain);
      index++;
      offset += total;
      buffered = buffered.subarray(total);
      if (flags === FINAL) finished = true;
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const run = async () => {
        if (!header) {
          if (buffered.length < HEADER_BYTES) return;
          header = readHeader(buffered);
          key = await deriveKey(passphrase, header);
          buffered = buffered.subarray(HEADER_BYTES);
          offset = HEADER_BYTES;
        }
        decryptFrames((b) => this.push(b));
      };
      run().then(() => done(), (err: unknown) => done(err as Error));
    },
    flush(done: TransformCallback) {
      if (!header) return done(new EvacuationError('This file is not an encrypted backup (it is shorter than the header npm run backup writes).'));
      if (finished && buffered.length) return done(new EvacuationError('The archive is damaged or altered: there are bytes after its end.'));
      if (!finished) return done(new EvacuationError('The archive is cut short: its end is missing (a copy that did not finish, or a damaged disk).'));
      done();
    },
  });
}
