import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The upload quota's writes (upload-quota.ts). The clock is read here, when the claim is counted. */

export type QuotaRefusal = 'open' | 'held' | 'daily';

interface ClaimArgs {
  id: string;
  userId: number;
  bytes: number;
  /** A resumable upload whose bytes will be held until it finishes; a multipart one counts for the day only. */
  open: boolean;
  maxOpen: number;
  maxHeldBytes: number;
  maxDailyBytes: number;
  windowMs: number;
  /** PostgreSQL: one user's claims are counted one at a time (SQLite's single writer does that already). */
  serialize: boolean;
}

/** Count the user's claims of the last day and add this one, unless it would pass a limit: answers which. */
export const claimUpload = async (trx: Transaction<DB>, a: ClaimArgs): Promise<QuotaRefusal | null> => {
  const now = Date.now();
  if (a.serialize) await sql`select pg_advisory_xact_lock(${7_331_000_000 + a.userId})`.execute(trx);
  const since = now - a.windowMs;
  const row = await trx
    .selectFrom('upload_claims')
    .select([
      sql<number>`coalesce(sum(case when open = 1 then 1 else 0 end), 0)`.as('open_count'),
      sql<number>`coalesce(sum(case when open = 1 then bytes else 0 end), 0)`.as('held'),
      sql<number>`coalesce(sum(bytes), 0)`.as('sent'),
    ])
    .where('user_id', '=', a.userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (a.open && Number(row.open_count) + 1 > a.maxOpen) return 'open';
  if (a.open && Number(row.held) + a.bytes > a.maxHeldBytes) return 'held';
  if (Number(row.sent) + a.bytes > a.maxDailyBytes) return 'daily';
  await trx.insertInto('upload_claims').values({ id: a.id, user_id: a.userId, bytes: a.bytes, created_at: now, open: a.open ? 1 : 0 }).execute();
  return null;
};

/** The upload's bytes are no longer held (finished, refused, cancelled or dropped); its bytes still count for the day. */
export const closeUploadClaim = async (trx: Transaction<DB>, { id }: { id: string }) => {
  await trx.updateTable('upload_claims').set({ open: 0 }).where('id', '=', id).where('open', '=', 1).execute();
};

/** Claims older than the day count for nothing. */
export const sweepUploadClaims = async (trx: Transaction<DB>, { windowMs }: { windowMs: number }) => {
  await trx.deleteFrom('upload_claims').where('created_at', '<=', Date.now() - windowMs).execute();
};
