import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { isValidStorageKey } from './file-storage.types.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { UrlSigner } from './url-signer.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('storage keys', () => {
  it('accepts generated keys and refuses traversal, absolute paths and odd characters', () => {
    expect(isValidStorageKey('orphans/2026/11/0123abcd.webp')).toBe(true);
    for (const bad of ['../x', 'a/../b', '/etc/passwd', 'a//b', 'A.webp', 'a\\b', 'a/./b', '', 'x'.repeat(300), 'a b', '..', 'a/..']) {
      expect(isValidStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('LocalDiskStorage', () => {
  const storage = new LocalDiskStorage(path.join(dir, 'root'));

  it('puts buffers and streams, opens, sizes and removes them', async () => {
    await storage.put('a/b/one.txt', Buffer.from('hello'));
    await storage.put('a/b/two.txt', Readable.from([Buffer.from('str'), Buffer.from('eam')]));
    expect(await text(await storage.open('a/b/one.txt'))).toBe('hello');
    expect(await text(await storage.open('a/b/two.txt'))).toBe('stream');
    expect(await storage.size('a/b/one.txt')).toBe(5);
    expect(await storage.exists('a/b/missing.txt')).toBe(false);
    expect(await storage.open('a/b/missing.txt')).toBeNull();
    await storage.put('a/b/one.txt', Buffer.from('replaced'));
    expect(await text(await storage.open('a/b/one.txt'))).toBe('replaced');
    await storage.remove('a/b/one.txt');
    await storage.remove('a/b/one.txt');
    expect(await storage.exists('a/b/one.txt')).toBe(false);
    // No temp files are left behind.
    expect(readdirSync(path.join(dir, 'root/a/b'))).toEqual(['two.txt']);
  });

  it('leaves nothing when a stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('a/c/broken.txt', failing)).rejects.toThrow('client went away');
    expect(readdirSync(path.join(dir, 'root/a/c'))).toEqual([]);
  });

  it('marks a stored file uncommitted until commit; a failed write leaves neither file nor mark', async () => {
    const disk = new LocalDiskStorage(path.join(dir, 'marks'));
    const gone = (pid: number) => pid !== process.pid;
    await disk.put('p/1/a.webp', Buffer.from('a'));
    await disk.put('p/1/b.webp', Buffer.from('b'));
    // Marks belong to this (live) process: another process's sweep leaves them alone.
    expect(await disk.leftovers(gone)).toEqual({ uncommitted: [], temporary: [] });
    expect((await disk.leftovers(() => true)).uncommitted.sort()).toEqual(['p/1/a.webp', 'p/1/b.webp']);
    await disk.commit(['p/1/a.webp', null]);
    expect((await disk.leftovers(() => true)).uncommitted).toEqual(['p/1/b.webp']);
    await disk.remove('p/1/b.webp');
    expect(await disk.leftovers(() => true)).toEqual({ uncommitted: [], temporary: [] });
    expect(await disk.exists('p/1/a.webp')).toBe(true);

    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(disk.put('p/1/c.webp', failing)).rejects.toThrow('client went away');
    expect(await disk.leftovers(() => true)).toEqual({ uncommitted: [], temporary: [] });
    expect(readdirSync(path.join(dir, 'marks/p/1'))).toEqual(['a.webp']);
  });

  it('lists the temporary files of a dead writer, and removes them by name only', async () => {
    const disk = new LocalDiskStorage(path.join(dir, 'temps'));
    await disk.put('x/seed.txt', Buffer.from('x'));
    const temps = path.join(dir, 'temps/.tmp');
    writeFileSync(path.join(temps, '999999-abcdef'), 'half a file');
    writeFileSync(path.join(temps, `${process.pid}-0123`), 'mine');
    expect((await disk.leftovers((pid) => pid === 999999)).temporary).toEqual(['999999-abcdef']);
    await disk.removeTemporary('999999-abcdef');
    expect(readdirSync(temps)).toEqual([`${process.pid}-0123`]);
    await expect(disk.removeTemporary('../seed.txt')).rejects.toThrow(/Not a temporary file/);
  });

  it('refuses keys outside the root', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.open('../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('UrlSigner', () => {
  const signer = new UrlSigner(Buffer.alloc(32, 7));
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('signs path, record and expiry; verifies only an untampered, unexpired URL, for at most ten minutes', () => {
    const url = signer.sign('orphans/x.webp', 12, now);
    const u = new URL(url, 'http://h');
    const expires = u.searchParams.get('expires')!;
    const signature = u.searchParams.get('signature')!;
    expect(u.pathname).toBe('/storage/orphans/x.webp');
    expect(u.searchParams.get('record')).toBe('12');
    const remaining = signer.verify('/storage/orphans/x.webp', expires, signature, now, '12')!;
    expect(remaining).toBeGreaterThanOrEqual(8 * 60);
    expect(remaining).toBeLessThanOrEqual(10 * 60);
    expect(signer.verify('/storage/orphans/x.webp', expires, signature, now, '13')).toBeNull();
    expect(signer.verify('/storage/orphans/x.webp', expires, signature, now)).toBeNull();
    expect(signer.verify('/storage/orphans/y.webp', expires, signature, now, '12')).toBeNull();
    expect(signer.verify('/storage/orphans/x.webp', String(Number(expires) + 120), signature, now, '12')).toBeNull();
    expect(signer.verify('/storage/orphans/x.webp', expires, `${signature}x`, now, '12')).toBeNull();
    expect(signer.verify('/storage/orphans/x.webp', expires, undefined, now, '12')).toBeNull();
    expect(signer.verify('/storage/orphans/x.webp', expires, signature, now + 10 * 60 * 1000 + 1000, '12')).toBeNull();
    expect(new UrlSigner(Buffer.alloc(32, 8)).verify('/storage/orphans/x.webp', expires, signature, now, '12')).toBeNull();
  });

  it('gives the same URL within a two-minute window, so browsers can cache it', () => {
    expect(signer.sign('k.webp', 1, now + 1000)).toBe(signer.sign('k.webp', 1, now + 60_000));
  });
});
