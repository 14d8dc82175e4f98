import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

const idsCache = (maxEntries = 200, maxIds = 1000) => new VersionedCache<number[]>((ids) => ids.length, maxEntries, maxIds);

describe('versioned cache', () => {
  it('answers only at the version an entry was made at', () => {
    const cache = idsCache();
    cache.set('q', 7, [3, 1, 2]);
    expect(cache.get('q', 7)).toEqual([3, 1, 2]);
    expect(cache.get('q', 8)).toBeUndefined();
    // A stale entry is dropped, not kept for the old version.
    expect(cache.get('q', 7)).toBeUndefined();
  });

  it('forgets the least recently used entries beyond its entry and weight limits', () => {
    const cache = idsCache(2, 5);
    cache.set('a', 1, [1]);
    cache.set('b', 1, [2]);
    expect(cache.get('a', 1)).toEqual([1]);
    cache.set('c', 1, [3]);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toEqual([1]);
    cache.set('d', 1, [4, 5, 6, 7]);
    // 1 + 1 + 4 ids is over 5: the least recent (c) goes, a and d fit.
    expect(cache.get('c', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toEqual([1]);
    expect(cache.get('d', 1)).toEqual([4, 5, 6, 7]);
    cache.set('huge', 1, [1, 2, 3, 4, 5, 6]);
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toEqual([4, 5, 6, 7]);
  });

  it('replaces an entry set again under the same key', () => {
    const cache = idsCache(2, 5);
    cache.set('a', 1, [1, 2, 3]);
    cache.set('a', 2, [4, 5]);
    cache.set('b', 2, [6, 7, 8]);
    // The replaced entry's weight no longer counts: 2 + 3 ids fit in 5.
    expect(cache.get('a', 2)).toEqual([4, 5]);
    expect(cache.get('b', 2)).toEqual([6, 7, 8]);
  });

  it('loads only what it does not hold at the version asked', async () => {
    const cache = idsCache();
    let loads = 0;
    const load = async () => [++loads];
    expect(await cache.getOrLoad('q', 1, load)).toEqual([1]);
    expect(await cache.getOrLoad('q', 1, load)).toEqual([1]);
    expect(await cache.getOrLoad('q', 2, load)).toEqual([2]);
    expect(loads).toBe(2);
  });

  it('makes one load for requests asking the same key and version while it runs, and keeps no failure', async () => {
    const cache = idsCache();
    let loads = 0;
    let finish: (ids: number[]) => void = () => {};
    const slow = () => {
      loads += 1;
      return new Promise<number[]>((resolve) => (finish = resolve));
    };
    const waiting = [cache.getOrLoad('q', 1, slow), cache.getOrLoad('q', 1, slow), cache.getOrLoad('q', 1, slow)];
    finish([9]);
    expect(await Promise.all(waiting)).toEqual([[9], [9], [9]]);
    expect(loads).toBe(1);
    // Another version is another load.
    const next = cache.getOrLoad('q', 2, slow);
    finish([10]);
    expect(await next).toEqual([10]);
    expect(loads).toBe(2);
    await expect(cache.getOrLoad('bad', 1, () => Promise.reject(new Error('no such child')))).rejects.toThrow('no such child');
    expect(await cache.getOrLoad('bad', 1, async () => [1])).toEqual([1]);
  });
});
