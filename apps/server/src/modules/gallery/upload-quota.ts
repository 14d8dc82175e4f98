import { statfs } from 'node:fs/promises';
import { ERROR_CODE } from '@app/shared/messages';
import type { Dialect, UploadQuota } from '../../config.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { claimUpload, closeUploadClaim, sweepUploadClaims, type QuotaRefusal } from './upload-quota.writes.ts';

/**
 * What one user's uploads may take (README, configuration): unfinished resumable uploads at once
 * and the bytes they claim, and the bytes sent in a day; and the free disk every upload must
 * leave. Checked when an upload starts, against its declared length (Upload-Length, or a
 * multipart body's Content-Length), before a byte is stored. Claims live in the database, so
 * every server process counts the same. Each refusal is a 413 with its own message and the code
 * `upload_quota`: the page shows it instead of sending again.
 */

const WINDOW_MS = 24 * 60 * 60_000;

export const QUOTA_MESSAGES: Record<QuotaRefusal | 'disk', string> = {
  open: 'You have too many unfinished uploads. Finish or cancel one before starting another.',
  held: 'Your unfinished uploads would hold too much space. Finish or cancel one before starting another.',
  daily: 'You have uploaded as much as one day allows. Please try again tomorrow.',
  disk: 'The server does not have enough free space for this file.',
};

/** A form sent without its length could not be counted against the day's allowance. */
export const LENGTH_REQUIRED = 'A file upload must say its size (a Content-Length header).';

/** Free bytes for an unprivileged writer where `dir` lives; null when the system cannot say. */
async function freeBytes(dir: string): Promise<number | null> {
  const fs = await statfs(dir).catch(() => null);
  return fs ? fs.bavail * fs.bsize : null;
}

export class UploadQuotas {
  private claims = 0;

  constructor(
    private readonly deps: { db: Kysely<DB>; dialect: Dialect; quota: UploadQuota; storageDir: string; log: { warn(o: object, m: string): void } },
  ) {}

  /** Count an upload of `bytes` for `userId` (open: a resumable upload, held until it ends), or throw the 413 that refuses it. */
  async claim(id: string, userId: number, bytes: number, open: boolean): Promise<void> {
    const { quota, db, dialect, storageDir } = this.deps;
    const free = await freeBytes(storageDir);
    if (free !== null && free - bytes < quota.minFreeBytes) throw new AppError(413, QUOTA_MESSAGES.disk, undefined, undefined, ERROR_CODE.uploadQuota);
    // Claims past their day go now and then, in a write of their own.
    if (++this.claims % 100 === 0) await db.transaction().execute((trx) => sweepUploadClaims(trx, { windowMs: WINDOW_MS })).catch((err: unknown) => this.deps.log.warn({ err }, 'upload quota: sweep failed'));
    const refused = await db.transaction().execute((trx) => claimUpload(trx, {
      id,
      userId,
      bytes,
      open,
      maxOpen: quota.maxOpen,
      maxHeldBytes: quota.maxHeldBytes,
      maxDailyBytes: quota.maxDailyBytes,
      windowMs: WINDOW_MS,
      serialize: dialect === 'postgres',
    }));
    if (refused) throw new AppError(413, QUOTA_MESSAGES[refused], undefined, undefined, ERROR_CODE.uploadQuota);
  }

  /** A resumable upload's bytes are gone (finished, refused, cancelled, dropped): they no longer count as held. Never fails the caller. */
  async close(id: string): Promise<void> {
    await this.deps.db.transaction().execute((trx) => closeUploadClaim(trx, { id })).catch((err: unknown) => this.deps.log.warn({ err, upload: id }, 'upload quota: could not close a claim'));
  }
}
