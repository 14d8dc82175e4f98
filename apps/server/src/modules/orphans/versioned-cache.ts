/**
 * Results of reading the orphans table, kept in process while the table is unchanged (decisions
 * 0008, 0009): the sorted ids a search found, and list pages with their totals. Every entry holds
 * the `orphans_version` (migration 0008) it was read at; the caller takes that number on every
 * request *before* reading anything else, and any change to any child, in any process, moves it
 * on, so a stale entry is never used. (Where one process makes every write, the number it read
 * last is reused until it writes, for at most a second: db/local-changes.ts, decision 0010.) It
 * is a cache of the database, not state of its own.
 *
 * Bounded twice: by entries and by weight (ids, or rows), least recently used first out.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T; weight: number }>();
  private held = 0;

  constructor(
    private readonly weigh: (value: T) => number,
    private readonly maxEntries: number,
    private readonly maxWeight: number,
  ) {}

  get(key: string, version: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.held -= entry.weight;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** The value kept for `key` at `version`, or the one `load` reads (and this then keeps). */
  async getOrLoad(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const kept = this.get(key, version);
    if (kept !== undefined) return kept;
    const value = await load();
    this.set(key, version, value);
    return value;
  }

  set(key: string, version: number, value: T): void {
    const old = this.entries.get(key);
    if (old) {
      this.held -= old.weight;
      this.entries.delete(key);
    }
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { version, value, weight });
    this.held += weight;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxWeight) break;
      this.entries.delete(k);
      this.held -= e.weight;
    }
  }
}
