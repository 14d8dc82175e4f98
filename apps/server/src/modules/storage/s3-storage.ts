import os from 'node:os';
import { Readable, pipeline } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ConfigError } from '../../config.ts';
import type { DataKeyring } from '../../lib/data-key.ts';
import { decryptingStream, encryptingStream, HEADER, headerKeyId, isEncryptedHeader, plainSize, sealedSpan, type SealedSource } from './file-cipher.ts';
import { isValidStorageKey, type FileStorage } from './file-storage.types.ts';
import { describeLocation, type S3Location } from './storage-url.ts';

/*
 * Uncommitted marks live beside the objects, as `<prefix>/.uncommitted/<key>@<host>~<pid>`: an
 * empty object, made before the file's upload begins and deleted by `commit`. Several machines
 * share the bucket, so a mark names its machine as well as its process: a start-up sweep judges
 * its own machine's marks by whether their process still runs, and another machine's only once
 * they are older than FOREIGN_MARK_MS (that machine may be gone for good, or renamed, as a
 * container is on each start). No upload between a mark and its commit takes that long.
 * Storage keys never start with '.', so marks never mix with stored files.
 */
const MARK_DIR = '.uncommitted';
const FOREIGN_MARK_MS = 24 * 60 * 60_000;
/** Multipart pieces: S3's smallest but the last is 5 MiB; two in flight bound an upload's memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

const machine = os.hostname().toLowerCase().replace(/[^a-z0-9.-]/g, '-') || 'host';

/**
 * The AWS SDK, loaded with the first use of a bucket: a server storing on its disk never loads it
 * (its start and idle memory stay as they were, decision 0020).
 */
const sdk = async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
};
type Sdk = Awaited<ReturnType<typeof sdk>>;

/** An error the S3 server answered (not one of the network's), with its HTTP status. */
const answered = (err: unknown): err is S3ServiceException => typeof err === 'object' && err !== null && '$metadata' in err && '$fault' in err;
/** The AWS SDK's error for an object that is not there (a plain GET's and a ranged GET's). */
const missing = (err: unknown) => answered(err) && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Stored files as objects in an S3-compatible bucket (STORAGE_URL), sealed with the data key as
 * on disk (file-cipher.ts): the bucket holds ciphertext only, and a Range asks the server for the
 * sealed chunks it touches alone. Nothing is held whole: uploads go up in parts, reads stream.
 */
export class S3Storage implements FileStorage {
  private readonly owner = `${machine}~${process.pid}`;
  private connection: Promise<{ client: S3Client; sdk: Sdk }> | null = null;

  constructor(
    readonly location: S3Location,
    private readonly keyring?: DataKeyring,
  ) {}

  /** The SDK and the client of this bucket, made on first use. */
  connect(): Promise<{ client: S3Client; sdk: Sdk }> {
    this.connection ??= sdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        endpoint: this.location.endpoint,
        region: this.location.region,
        forcePathStyle: this.location.forcePathStyle,
        credentials: this.location.credentials,
        // Checksums only where S3 requires them: self-hosted S3-compatible servers refuse the newer
        // checksum trailers, and every stored chunk carries its own authentication tag anyway.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.connection;
  }

  private objectOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return this.under(key);
  }

  private under(name: string): string {
    return this.location.prefix ? `${this.location.prefix}/${name}` : name;
  }

  private markOf(key: string, owner = this.owner): string {
    return this.under(`${MARK_DIR}/${key}@${owner}`);
  }

  /**
   * Whether the bucket answers, exists and lets these credentials list it: at start-up, so a wrong
   * STORAGE_URL or key stops the start with what to fix instead of failing the first upload.
   */
  async check(): Promise<void> {
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: this.under(''), MaxKeys: 1 }));
    } catch (err) {
      throw new ConfigError(`Invalid configuration (environment or .env):\n  STORAGE_URL (${describeLocation(this.location)}): ${checkFailure(err, this.location)}`);
    }
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.objectOf(key);
    const mark = this.markOf(key);
    // The mark exists before any byte of the file does: a crash from here on leaves it to the sweep.
    await this.putEmpty(mark);
    try {
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      const body = this.keyring ? pipeline(source, encryptingStream(this.keyring.current, key), () => {}) : source;
      await this.upload(target, body);
    } catch (err) {
      await this.delete(mark).catch(() => {});
      throw err;
    }
  }

  /** One object from a stream: a single PUT when small, else a multipart upload, which S3 publishes whole or not at all (and lib-storage aborts on failure). */
  private async upload(object: string, body: Readable): Promise<void> {
    const { client, sdk } = await this.connect();
    await new sdk.Upload({ client, params: { Bucket: this.location.bucket, Key: object, Body: body }, partSize: PART_BYTES, queueSize: PARTS_AT_ONCE }).done();
  }

  private async putEmpty(object: string): Promise<void> {
    const { client, sdk } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.location.bucket, Key: object, Body: Buffer.alloc(0) }));
  }

  private async delete(object: string): Promise<void> {
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key: object }));
  }

  /** Every object under `prefix` (relative to the storage's prefix), with its age. */
  private async *list(prefix: string): AsyncGenerator<{ name: string; modified: number }> {
    const base = this.under('');
    const { client, sdk } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: base + prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { name: o.Key.slice(base.length), modified: o.LastModified?.getTime() ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async release(keys: ReadonlyArray<string | null | undefined>): Promise<void> {
    for (const key of keys.filter((k): k is string => !!k)) {
      this.objectOf(key);
      await this.putEmpty(this.markOf(key));
    }
  }

  async commit(keys: ReadonlyArray<string | null | undefined>): Promise<void> {
    await Promise.all(keys.filter((k): k is string => !!k).map((k) => this.dropMarks(k)));
  }

  /** Remove every mark of `key`, whichever machine and process made it. */
  private async dropMarks(key: string): Promise<void> {
    this.objectOf(key);
    for await (const { name } of this.list(`${MARK_DIR}/${key}@`)) await this.delete(this.under(name));
  }

  async leftovers(gone: (pid: number) => boolean): Promise<{ uncommitted: string[]; temporary: string[] }> {
    const uncommitted = new Set<string>();
    const now = Date.now();
    for await (const { name, modified } of this.list(`${MARK_DIR}/`)) {
      const mark = name.slice(MARK_DIR.length + 1);
      const at = mark.lastIndexOf('@');
      const key = mark.slice(0, at);
      const [host, pid] = mark.slice(at + 1).split('~');
      if (at <= 0 || !isValidStorageKey(key)) continue;
      if (host === machine ? gone(Number(pid)) : now - modified > FOREIGN_MARK_MS) uncommitted.add(key);
    }
    // A half-done write is an unfinished multipart upload, which is no object: nothing to list.
    return { uncommitted: [...uncommitted], temporary: [] };
  }

  adopt(key: string): Promise<void> {
    return this.dropMarks(key);
  }

  async removeTemporary(name: string): Promise<void> {
    throw new Error(`Not a temporary file name: ${name}`);
  }

  /** No path: programs that read files by name get a decrypted copy in this machine's work folder. */
  localPath(): string | null {
    return null;
  }

  /** The object's first bytes and whole size; null when there is no such object. */
  private async head(key: string): Promise<{ head: Buffer; size: number } | null> {
    const { client, sdk } = await this.connect();
    try {
      const got = await client.send(new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectOf(key), Range: `bytes=0-${HEADER - 1}` }));
      const head = Buffer.from(await got.Body!.transformToByteArray());
      const size = Number(got.ContentRange?.split('/')[1] ?? got.ContentLength);
      return { head, size: Number.isFinite(size) ? size : head.length };
    } catch (err) {
      if (missing(err)) return null;
      // An empty object has no byte 0 to start a range at.
      if (answered(err) && err.$metadata.httpStatusCode === 416) return { head: Buffer.alloc(0), size: 0 };
      throw err;
    }
  }

  /** A GET of bytes `from`..`to` (inclusive), or of the whole object. */
  private async body(key: string, range?: { from: number; to: number }): Promise<Readable> {
    const { client, sdk } = await this.connect();
    const got = await client.send(new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectOf(key), Range: range ? `bytes=${range.from}-${range.to}` : undefined }));
    return got.Body as Readable;
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const file = await this.head(key);
    if (!file) return null;
    if (this.keyring && isEncryptedHeader(file.head)) {
      const span = sealedSpan(file.size, range);
      const source = inOrder(await this.body(key, span), span.from);
      return decryptingStream(source, file.size, file.head, this.keyring, key, range);
    }
    if (file.size === 0) return Readable.from([]);
    // Stored without a keyring (the storage's own tests): as it is.
    return this.body(key, range ? { from: range.start, to: Math.min(range.end, file.size - 1) } : undefined);
  }

  /** Every stored file's key (marks, whose names start with '.', left out). */
  async keys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const { name } of this.list('')) if (!name.split('/').some((s) => s.startsWith('.')) && isValidStorageKey(name)) keys.push(name);
    return keys;
  }

  /** As LocalDiskStorage.reseal: the object written again under the current key when it is not; S3 replaces an object whole, so a kill leaves the old one or the new. */
  async reseal(key: string): Promise<boolean> {
    const keyring = this.keyring;
    if (!keyring) throw new Error('No keyring to seal files with.');
    const file = await this.head(key);
    if (!file || (isEncryptedHeader(file.head) && headerKeyId(file.head).equals(keyring.current.id))) return false;
    const source = await this.open(key);
    if (!source) return false;
    await this.upload(this.objectOf(key), pipeline(source, encryptingStream(keyring.current, key), () => {}));
    return true;
  }

  async remove(key: string): Promise<void> {
    await this.delete(this.objectOf(key));
    await this.dropMarks(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    const file = await this.head(key);
    if (!file) return null;
    return this.keyring && isEncryptedHeader(file.head) ? plainSize(file.size) : file.size;
  }
}

/**
 * A ranged GET's body read as the sealed file from byte `start` on: the decryption asks for its
 * chunks in order, so one request streams them all; a body that fails (the server gone mid-way)
 * fails the read, and so the download, never giving wrong bytes.
 */
function inOrder(body: Readable, start: number): SealedSource {
  const chunks = body[Symbol.asyncIterator]();
  let position = start;
  let pending = Buffer.alloc(0);
  return {
    async read(offset, length) {
      if (offset !== position) throw new Error('The stored object is read out of order.');
      const parts: Buffer[] = [pending];
      let have = pending.length;
      while (have < length) {
        const next = await chunks.next();
        if (next.done) break;
        parts.push(next.value as Buffer);
        have += (next.value as Buffer).length;
      }
      const all = parts.length === 1 ? pending : Buffer.concat(parts);
      pending = all.subarray(length);
      position += Math.min(length, all.length);
      return all.subarray(0, length);
    },
    close: () => body.destroy(),
  };
}

/** What a failed first request says about STORAGE_URL or the credentials, in the operator's words. */
function checkFailure(err: unknown, location: S3Location): string {
  const where = location.endpoint ?? `AWS (${location.region})`;
  if (answered(err)) {
    const status = err.$metadata.httpStatusCode;
    if (err.name === 'NoSuchBucket' || (status === 404 && err.name !== 'NoSuchKey')) return `the bucket '${location.bucket}' does not exist on ${where}; create it first.`;
    if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidToken', 'ExpiredToken'].includes(err.name) || status === 403 || status === 401)
      return `${where} refused the credentials (${err.name}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and that they may list, read and write the bucket.`;
    return `${where} answered ${status ?? 'an error'} (${err.name}).`;
  }
  const code = (err as NodeJS.ErrnoException).code ?? (err as Error).name;
  if (err instanceof Error && err.name === 'CredentialsProviderError') return 'no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.';
  return `${where} does not answer (${code}); is the server running and the endpoint right?`;
}
