import { createHmac, timingSafeEqual } from 'node:crypto';

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
    private readonly ttlSeconds = 30 * 60,
    private readonly windowSeconds = 5 * 60,
  ) {}

  private mac(path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }

  /** `/storage/<key>?expires=...&signature=...` */
  sign(storageKey: string, nowMs = Date.now()): string {
    return this.signPath(`/storage/${storageKey}`, nowMs);
  }

  /** Any path the server answers only to its signed URL (gallery downloads): `<path>?expires=...&signature=...` */
  signPath(path: string, nowMs = Date.now()): string {
    const expires = this.expiresFor(nowMs);
    return `${path}?expires=${expires}&signature=${this.mac(path, expires)}`;
  }

  /**
   * The expiry (Unix seconds) of every URL signed at `nowMs`: the same for a whole window, so an
   * answer holding signed URLs can be kept per window (a kept gallery page, decision 0034).
   */
  expiresFor(nowMs = Date.now()): number {
    const earliest = Math.floor(nowMs / 1000) + this.ttlSeconds;
    return Math.ceil(earliest / this.windowSeconds) * this.windowSeconds;
  }

  /** Seconds the URL stays valid, or null when the signature is missing, wrong or expired. */
  verify(path: string, expires: unknown, signature: unknown, nowMs = Date.now()): number | null {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return null;
    const exp = Number(expires);
    const remaining = exp - Math.floor(nowMs / 1000);
    if (remaining <= 0) return null;
    const expected = Buffer.from(this.mac(path, exp));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return remaining;
  }
}
