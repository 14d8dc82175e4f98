/**
 * The sorted ids a search found, kept in process while the orphans table is unchanged
 * (decision 0008). A search sorts every child it matches — about a millisecond for a thousand —
 * and staff then page through the same result; each page is a slice of it. Every entry holds the
 * `orphans_version` (migration 0008) it was computed at, and any change to any child, in any
 * process, moves that number on, so a stale entry is never used: it is a cache of the database,
 * not state of its own.
 */
export class SearchResultCache {
  private readonly entries = new Map<string, { version: number; ids: number[] }>();
  private heldIds = 0;

  constructor(
    private readonly maxEntries = 200,
    /** About 8 MB of ids: a search that matches every child of 100,000 holds 100,000. */
    private readonly maxIds = 1_000_000,
  ) {}

  get(key: string, version: number): number[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.heldIds -= entry.ids.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.ids;
  }

  set(key: string, version: number, ids: number[]): void {
    const old = this.entries.get(key);
    if (old) {
      this.heldIds -= old.ids.length;
      this.entries.delete(key);
    }
    if (ids.length > this.maxIds) return;
    this.entries.set(key, { version, ids });
    this.heldIds += ids.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.heldIds <= this.maxIds) break;
      this.entries.delete(k);
      this.heldIds -= e.ids.length;
    }
  }
}
