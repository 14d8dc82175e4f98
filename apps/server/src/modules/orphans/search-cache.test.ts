import { describe, expect, it } from 'vitest';
import { SearchResultCache } from './search-cache.ts';

describe('search result cache', () => {
  it('answers only at the version an entry was made at', () => {
    const cache = new SearchResultCache();
    cache.set('q', 7, [3, 1, 2]);
    expect(cache.get('q', 7)).toEqual([3, 1, 2]);
    expect(cache.get('q', 8)).toBeUndefined();
    // A stale entry is dropped, not kept for the old version.
    expect(cache.get('q', 7)).toBeUndefined();
  });

  it('forgets the least recently used entries beyond its entry and id limits', () => {
    const cache = new SearchResultCache(2, 5);
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
});
