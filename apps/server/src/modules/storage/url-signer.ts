import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_URL_TTL_SECONDS, SIGNED_URL_WINDOW_SECONDS } from '@app/shared/constants';

/** The `app_keys` row of the signing key, made by the start-up seed (db/seed.ts). */
export const SIGNING_KEY_NAME = 'storage_url_signing_key';

/**
 * Short-lived signed URLs for stored files: `<img src>` and download links carry no bearer
 * token, so the signature is the credential (docs/design-decisions.md). HMAC-SHA256 over path and expiry.
 * Expiry is rounded up to a window so the same file keeps the same URL for a few minutes and
 * the browser's cache works across list refreshes.
 */
export class UrlSigner {
  constructor(
    private readonly key: Buffer,
    private readonly ttlSeconds = SIGNED_URL_TTL_SECONDS,
    private readonly windowSeconds = SIGNED_URL_WINDOW_SECONDS,
  ) {}

  private mac(path: string, expires: number, record: number | null, viewer: number | null = null): string {
    const signed = record === null ? `${path}\n${expires}` : `${path}\n${expires}\n${record}`;
    return createHmac('sha256', this.key).update(viewer === null ? signed : `${signed}\nviewer=${viewer}`).digest('base64url');
  }

  /**
   * `/storage/<key>?record=...&expires=...&signature=...`: `record` is the id of the row that
   * shows the file (a child for its photo, a media item for its thumbnail), which the storage
   * route asks its folder's owner about before serving (FileStore.serveFolder).
   */
  sign(storageKey: string, record: number, nowMs = Date.now()): string {
    return this.signPath(`/storage/${storageKey}`, nowMs, record);
  }

  /**
   * Any path the server answers only to its signed URL (gallery downloads): `<path>?expires=...&signature=...`.
   * `viewer`: the user the URL was made for, signed in with the rest, so the access log can name
   * who downloaded a file (a download link carries no bearer token).
   */
  signPath(path: string, nowMs = Date.now(), record: number | null = null, viewer: number | null = null): string {
    const expires = this.expiresFor(nowMs);
    const named = `${record === null ? '' : `record=${record}&`}${viewer === null ? '' : `viewer=${viewer}&`}`;
    return `${path}?${named}expires=${expires}&signature=${this.mac(path, expires, record, viewer)}`;
  }

  /**
   * The expiry (Unix seconds) of every URL signed at `nowMs`: the same for a whole window, so an
   * answer holding signed URLs is the same for every reader within that window.
   */
  expiresFor(nowMs = Date.now()): number {
    const earliest = Math.floor(nowMs / 1000) + this.ttlSeconds;
    return Math.ceil(earliest / this.windowSeconds) * this.windowSeconds;
  }

  /** Seconds the URL stays valid, or null when the signature is missing, wrong or expired (or names another record). */
  verify(path: string, expires: unknown, signature: unknown, nowMs = Date.now(), record: unknown = undefined, viewer: unknown = undefined): number | null {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return null;
    if (record !== undefined && (typeof record !== 'string' || !/^\d{1,10}$/.test(record))) return null;
    if (viewer !== undefined && (typeof viewer !== 'string' || !/^\d{1,10}$/.test(viewer))) return null;
    const exp = Number(expires);
    const remaining = exp - Math.floor(nowMs / 1000);
    if (remaining <= 0) return null;
    const expected = Buffer.from(this.mac(path, exp, record === undefined ? null : Number(record), viewer === undefined ? null : Number(viewer)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return remaining;
  }
}
