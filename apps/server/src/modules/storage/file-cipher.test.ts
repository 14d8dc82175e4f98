import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataKeyring } from '../../lib/data-key.ts';
import { CHUNK, HEADER } from './file-cipher.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { readStoredFile } from './storage.service.ts';

/*
 * Stored files encrypted at rest: what is on disk is ciphertext, what comes back is exactly the
 * bytes stored — whole or any range — and a file changed, cut, moved or sealed with another key
 * is refused rather than served.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-cipher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const storage = new LocalDiskStorage(path.join(dir, 'root'), new DataKeyring(keyA));
const onDisk = (key: string) => readFileSync(path.join(dir, 'root', key));

async function read(s: LocalDiskStorage, key: string, range?: { start: number; end: number }): Promise<Buffer> {
  const stream = await s.open(key, range);
  if (!stream) throw new Error('no file');
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

describe('encrypted file storage', () => {
  it('stores ciphertext and gives back every size and range exactly', async () => {
    for (const size of [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5, 20 * CHUNK]) {
      const data = randomBytes(size);
      const key = `sizes/f${size}.bin`;
      await storage.put(key, data);
      const disk = onDisk(key);
      if (size >= 16) expect(disk.includes(data.subarray(0, 16))).toBe(false);
      expect(await storage.size(key)).toBe(size);
      expect((await read(storage, key)).equals(data)).toBe(true);
      expect(storage.localPath(key)).toBeNull();
      for (let i = 0; i < 12 && size > 0; i++) {
        const start = Math.floor(Math.random() * size);
        const end = start + Math.floor(Math.random() * (size - start));
        expect((await read(storage, key, { start, end })).equals(data.subarray(start, end + 1)), `${size}: ${start}-${end}`).toBe(true);
      }
    }
  });

  it('refuses a file with a byte changed, cut short at a chunk boundary or inside a chunk, or moved to another key', async () => {
    const data = randomBytes(3 * CHUNK + 100);
    const fresh = async (name: string) => {
      await storage.put(`bad/${name}`, data);
      return path.join(dir, 'root', 'bad', name);
    };
    const flipped = await fresh('flipped');
    const bytes = readFileSync(flipped);
    bytes[HEADER + 2 * (CHUNK + 16) + 7]! ^= 1;
    writeFileSync(flipped, bytes);
    // The damaged chunk is the third: a read of the first two is fine, one through the third fails before its bytes.
    expect((await read(storage, 'bad/flipped', { start: 0, end: 2 * CHUNK - 1 })).equals(data.subarray(0, 2 * CHUNK))).toBe(true);
    await expect(read(storage, 'bad/flipped', { start: 2 * CHUNK, end: 2 * CHUNK + 10 })).rejects.toThrow(/integrity/);
    await expect(read(storage, 'bad/flipped')).rejects.toThrow(/integrity/);

    truncateSync(await fresh('cut-at-chunk'), HEADER + 2 * (CHUNK + 16));
    await expect(read(storage, 'bad/cut-at-chunk')).rejects.toThrow(/integrity/);
    await expect(read(storage, 'bad/cut-at-chunk', { start: CHUNK, end: CHUNK + 5 })).rejects.toThrow(/integrity/);

    truncateSync(await fresh('cut-inside'), HEADER + 3 * (CHUNK + 16) + 50);
    await expect(read(storage, 'bad/cut-inside')).rejects.toThrow();

    renameSync(await fresh('moved'), path.join(dir, 'root', 'bad', 'elsewhere'));
    await expect(read(storage, 'bad/elsewhere')).rejects.toThrow(/integrity/);

    const header = await fresh('header');
    const h = readFileSync(header);
    h[20]! ^= 1;
    writeFileSync(header, h);
    await expect(read(storage, 'bad/header')).rejects.toThrow(/integrity/);
  });

  it('reads a file of another key only with that key in the keyring, and reseals it with the current key', async () => {
    const data = randomBytes(2 * CHUNK + 3);
    await storage.put('rotate/a.bin', data);
    const withB = new LocalDiskStorage(path.join(dir, 'root'), new DataKeyring(keyB));
    await expect(read(withB, 'rotate/a.bin')).rejects.toThrow(/another data key/);
    const rotating = new LocalDiskStorage(path.join(dir, 'root'), new DataKeyring(keyB, [keyA]));
    expect(await rotating.reseal('rotate/a.bin')).toBe(true);
    expect(await rotating.reseal('rotate/a.bin')).toBe(false);
    expect((await read(withB, 'rotate/a.bin')).equals(data)).toBe(true);
    await expect(read(storage, 'rotate/a.bin')).rejects.toThrow(/another data key/);
  });

  it('reads a file from before encryption as it is, and reseals it', async () => {
    const plain = Buffer.from('%PDF-1.4 a document stored before encryption');
    writeFileSync(path.join(dir, 'root', 'old.pdf'), plain);
    expect(await storage.size('old.pdf')).toBe(plain.length);
    expect(await readStoredFile(storage, 'old.pdf')).toEqual(plain);
    expect(await storage.keys()).toContain('old.pdf');
    expect(await storage.reseal('old.pdf')).toBe(true);
    expect(onDisk('old.pdf').includes('%PDF')).toBe(false);
    expect(await readStoredFile(storage, 'old.pdf')).toEqual(plain);
  });

  it('refuses to store without a data key', async () => {
    const none = new LocalDiskStorage(path.join(dir, 'root'), new DataKeyring(null));
    await expect(none.put('x/y.bin', Buffer.from('x'))).rejects.toThrow(/not loaded/);
  });
});
