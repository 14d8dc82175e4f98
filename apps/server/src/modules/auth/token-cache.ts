import { REUSE_MS, stillValid, type Reading } from '../../db/local-changes.ts';

/** How long a token's row may be reused without reading it again (decision 0010). */
export const TOKEN_CACHE_MS = REUSE_MS;
const MAX_TOKENS = 10_000;

/**
 * Token rows (token, user, maintenance flag, access version) as the token check read them, reused
 * for at most TOKEN_CACHE_MS and only while this process has written nothing through its database
 * connection since (the write count, db/write-counter.ts): signing out, a password change, a role
 * or setting changed here apply to the very next request. What another server process changes
 * applies within TOKEN_CACHE_MS. Each request still checks the secret and the expiry itself.
 */
export class TokenRowCache<Row> {
  private readonly entries = new Map<number, Reading & { row: Row }>();

  get(tokenId: number, writeCount: number, now: number): Row | undefined {
    const e = this.entries.get(tokenId);
    if (!e) return undefined;
    if (stillValid(e, writeCount, now)) return e.row;
    this.entries.delete(tokenId);
    return undefined;
  }

  /** `writeCount` is the count read *before* the row was: a write meanwhile makes it stale at once. */
  set(tokenId: number, writeCount: number, readAt: number, row: Row): void {
    if (this.entries.size >= MAX_TOKENS && !this.entries.has(tokenId)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenId, { row, changes: writeCount, readAt });
  }
}
