/**
 * What was read or made from the database, kept in process while the tables it came from are
 * unchanged (decisions 0009, 0034): a search's sorted ids, list pages, the overview's figures,
 * answers as JSON (lib/kept-answers.ts). Every entry holds the data version it was read at — a
 * version counter kept by triggers (migrations 0008, 0017, 0019, 0022) or a sum of them; the
 * caller takes that number on every request *before* reading anything else, and any change to
 * those tables, in any process, moves it on, so a stale entry is never used. It is a cache of
 * the database, not state of its own.
 *
 * Bounded twice: by entries and by weight (ids, rows or bytes), least recently used first out.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T; weight: number }>();
  private held = 0;
  /** Loads under way, by key: requests asking for the same key and version meanwhile wait for it (decision 0034). */
  private readonly loading = new Map<string, { version: number; value: Promise<T> }>();

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

  /**
   * The value kept for `key` at `version`, or the one `load` reads (and this then keeps). One
   * load per key and version at a time: ten requests for an answer not yet kept make it once.
   * A load that fails is not kept; those waiting for it get its error.
   */
  getOrLoad(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const kept = this.get(key, version);
    if (kept !== undefined) return Promise.resolve(kept);
    const underWay = this.loading.get(key);
    if (underWay?.version === version) return underWay.value;
    const value = load().then((loaded) => {
      this.set(key, version, loaded);
      return loaded;
    });
    const entry = { version, value };
    this.loading.set(key, entry);
    const done = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    value.then(done, done);
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
