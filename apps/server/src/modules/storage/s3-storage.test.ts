import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DataKeyring } from '../../lib/data-key.ts';
import { call, loginAdmin, startServer, type TestServer } from '../../../test/harness.ts';
import { fetchBytes } from '../../../test/fetch-bytes.ts';
import { TEST_DATA_KEY } from '../../../test/data-key.ts';
import { S3_BUCKET, startRelay, startS3, type TestS3 } from '../../../test/s3-server.ts';
import { storedFiles } from '../../../test/stored-files.ts';
import type { FileStorage } from './file-storage.types.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { sweepUncommittedFiles } from './uncommitted-files.ts';
import { copyStoredFiles, migrateStorage } from '../../ops/storage-migrate.ts';

const keyring = new DataKeyring(Buffer.from(TEST_DATA_KEY, 'hex'));
/** Several 64 KiB sealed chunks, so a range starts and ends inside different ones. */
const content = randomBytes(300_000);
const read = async (stream: NodeJS.ReadableStream | null) => {
  const parts: Buffer[] = [];
  for await (const part of stream!) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

let s3: TestS3;
const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-s3-contract-'));
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => FileStorage]> = [
  ['local disk', () => new LocalDiskStorage(path.join(dir, randomBytes(4).toString('hex')), keyring)],
  ['S3', () => new S3Storage(s3.location(`contract-${randomBytes(4).toString('hex')}`), keyring)],
];

describe.each(stores)('file storage on %s', (_name, make) => {
  it('stores, reads whole and by range, sizes and removes', async () => {
    const files = make();
    await files.put('gallery/2026/11/a.bin', content);
    await files.commit(['gallery/2026/11/a.bin']);
    expect(await files.size('gallery/2026/11/a.bin')).toBe(content.length);
    expect(await files.exists('gallery/2026/11/a.bin')).toBe(true);
    expect((await read(await files.open('gallery/2026/11/a.bin'))).equals(content)).toBe(true);
    const range = { start: 70_000, end: 200_000 };
    expect((await read(await files.open('gallery/2026/11/a.bin', range))).equals(content.subarray(range.start, range.end + 1))).toBe(true);
    expect((await read(await files.open('gallery/2026/11/a.bin', { start: 5, end: 9 }))).equals(content.subarray(5, 10))).toBe(true);
    await files.remove('gallery/2026/11/a.bin');
    expect(await files.open('gallery/2026/11/a.bin')).toBeNull();
    expect(await files.size('gallery/2026/11/a.bin')).toBeNull();
    await expect(files.open('../outside')).rejects.toThrow(/Invalid storage key/);
  });

  it('leaves a file to the sweep from its put until its commit, and again once released', async () => {
    const files = make();
    const gone = () => true;
    await files.put('orphans/2026/11/p.webp', Buffer.from('photo'));
    expect((await files.leftovers(gone)).uncommitted).toEqual(['orphans/2026/11/p.webp']);
    expect((await files.leftovers(() => false)).uncommitted).toEqual([]);
    await files.commit(['orphans/2026/11/p.webp']);
    expect((await files.leftovers(gone)).uncommitted).toEqual([]);
    await files.release(['orphans/2026/11/p.webp']);
    expect((await files.leftovers(gone)).uncommitted).toEqual(['orphans/2026/11/p.webp']);
    await files.remove('orphans/2026/11/p.webp');
    expect(await files.leftovers(gone)).toEqual({ uncommitted: [], temporary: [] });
  });
});

describe('S3 storage', () => {
  it('keeps only ciphertext in the bucket, and leaves another machine’s fresh marks alone', async () => {
    const files = new S3Storage(s3.location('sealed'), keyring);
    await files.put('gallery/2026/11/secret.txt', Buffer.from('Zahra Karimi, Kabul'.repeat(100)));
    const { client, sdk } = await files.connect();
    const raw = await client.send(new sdk.GetObjectCommand({ Bucket: S3_BUCKET, Key: 'sealed/gallery/2026/11/secret.txt' }));
    expect(await raw.Body!.transformToString()).not.toContain('Zahra');
    await client.send(new sdk.PutObjectCommand({ Bucket: S3_BUCKET, Key: 'sealed/.uncommitted/gallery/2026/11/other.txt@another-machine~42', Body: '' }));
    expect((await files.leftovers(() => true)).uncommitted).toEqual(['gallery/2026/11/secret.txt']);
  });

  it('refuses at start an unreachable server, a missing bucket and wrong credentials, naming STORAGE_URL', async () => {
    await expect(new S3Storage(s3.location('x')).check()).resolves.toBeUndefined();
    const closed = await startRelay(s3.endpoint);
    await closed.close();
    await expect(new S3Storage(s3.location('x', closed.endpoint)).check()).rejects.toThrow(/STORAGE_URL .*does not answer \(ECONNREFUSED\)/);
    await expect(new S3Storage({ ...s3.location('x'), bucket: 'no-such-bucket' }).check()).rejects.toThrow(/STORAGE_URL .*the bucket 'no-such-bucket' does not exist/);
    await expect(new S3Storage({ ...s3.location('x'), credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } }).check()).rejects.toThrow(
      /STORAGE_URL .*refused the credentials \(InvalidAccessKeyId\): check AWS_ACCESS_KEY_ID/,
    );
  });

  it('reads STORAGE_URL and refuses a malformed one', () => {
    const env = { AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...env, STORAGE_URL: 's3://photos/kabul/site?endpoint=http://10.0.0.5:9000&region=eu-1&force_path_style=1' }).s3).toEqual({
      bucket: 'photos',
      prefix: 'kabul/site',
      endpoint: 'http://10.0.0.5:9000',
      region: 'eu-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ STORAGE_URL: 'https://photos/x' })).toThrow(/STORAGE_URL="https:\/\/photos\/x": must start with s3:\/\//);
    expect(() => loadConfig({ STORAGE_URL: 's3://id:secret@photos/x' })).toThrow(/must not hold credentials/);
    expect(() => loadConfig({ STORAGE_URL: 's3://photos/x?endpoint=ftp://h' })).toThrow(/endpoint/);
    expect(() => loadConfig({ STORAGE_URL: 's3://photos/x', AWS_ACCESS_KEY_ID: 'id' })).toThrow(/needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
  });

  it('ends a download with an error, never wrong bytes, when the server goes away mid-way', async () => {
    const relay = await startRelay(s3.endpoint);
    try {
      const files = new S3Storage(s3.location('cut', relay.endpoint), keyring);
      const big = randomBytes(3 * 1024 * 1024);
      await files.put('gallery/2026/11/video.mp4', big);
      relay.cutAfter(300_000);
      const stream = (await files.open('gallery/2026/11/video.mp4'))!;
      const received: Buffer[] = [];
      stream.on('data', (part: Buffer) => received.push(part));
      await expect(new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject))).rejects.toThrow();
      const got = Buffer.concat(received);
      expect(got.length).toBeLessThan(big.length);
      expect(got.equals(big.subarray(0, got.length))).toBe(true);
    } finally {
      await relay.close();
    }
  });
});

describe('npm run storage:migrate', () => {
  it('copies a storage folder into the bucket and back, skips what is there on a rerun, and leaves the source', async () => {
    const disk = new LocalDiskStorage(path.join(dir, 'migrate-from'), keyring);
    const photo = randomBytes(150_000);
    await disk.put('orphans/2026/11/a.webp', photo);
    await disk.put('gallery/2026/11/b.pdf', Buffer.from('%PDF-1.4 report'));
    await disk.commit(['orphans/2026/11/a.webp', 'gallery/2026/11/b.pdf']);
    const bucket = new S3Storage(s3.location('migrated'), keyring);
    expect(await copyStoredFiles(disk, bucket)).toEqual({ files: 2, copied: 2, skipped: 0 });
    expect((await read(await bucket.open('orphans/2026/11/a.webp'))).equals(photo)).toBe(true);
    expect((await bucket.leftovers(() => true)).uncommitted).toEqual([]);
    expect(await copyStoredFiles(disk, bucket)).toEqual({ files: 2, copied: 0, skipped: 2 });
    expect(await disk.exists('orphans/2026/11/a.webp')).toBe(true);

    const back = new LocalDiskStorage(path.join(dir, 'migrate-back'), keyring);
    expect(await copyStoredFiles(bucket, back)).toEqual({ files: 2, copied: 2, skipped: 0 });
    expect((await read(await back.open('gallery/2026/11/b.pdf'))).toString()).toBe('%PDF-1.4 report');
    await expect(migrateStorage(loadConfig({}), '--sideways')).rejects.toThrow(/--to-s3 .* --to-disk/);
  });
});

describe('a server storing in S3', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { s3: s3.location('api') });
  });
  afterAll(() => server?.close());

  it('stores an upload in the bucket, streams a range of it back, and sweeps what a crash left', async () => {
    const token = await loginAdmin(server);
    const child = await call(server, 'POST', '/api/orphans', {
      token,
      body: { first_name: 'Bucketed', last_name: 'Karimi', dob: '2015-05-01', gender: 'female', admission_date: '2023-01-10', status: 'active' },
    });
    const body = Buffer.from(Array.from({ length: 200_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(''));
    const form = new FormData();
    for (const [k, v] of Object.entries({ orphan_id: String(child.body.data.id), media_type: 'document', title: 'Report', date: '2024-05-01' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(body)], { type: 'text/plain' }), 'r.txt');
    const res = await call(server, 'POST', '/api/galleries', { token, body: form });
    expect(res.status).toBe(201);
    const part = await fetchBytes(server, res.body.data.original_url, { Range: 'bytes=65000-140000' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 65000-140000/${body.length}`);
    expect(part.body.equals(body.subarray(65000, 140001))).toBe(true);
    const files = server.app.fileStore.files as S3Storage;
    expect((await files.keys()).filter((k) => k.startsWith('gallery/'))).toHaveLength(1);
    // Nothing stored on this machine's disk but work folders.
    expect(storedFiles(server.config.storageDir).filter((f) => !f.startsWith('.'))).toEqual([]);

    await files.put('gallery/2026/11/crashed.txt', Buffer.from('never committed'));
    expect(await sweepUncommittedFiles(server.app.db, files)).toEqual({ removed: 1, kept: 0, temporary: 0 });
    expect(await files.exists('gallery/2026/11/crashed.txt')).toBe(false);
    expect(await text((await files.open((await files.keys()).find((k) => k.startsWith('gallery/'))!))!)).toBe(body.toString());
  });
});
