import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The named locks' writes (lib/database-locks.ts). The clock is read here, when the row changes. */

/**
 * Take the lock if it is free (no row, or its holder's lease ran out); answers whether this
 * holder has it now. When it is not free and `askRelease`, the holder is asked to let go.
 * Now and then (`sweep`) rows whose lease ran out long ago go: a lock nobody asks for again.
 */
export const takeLock = async (trx: Transaction<DB>, { name, holder, leaseMs, askRelease, sweep }: { name: string; holder: string; leaseMs: number; askRelease: boolean; sweep: boolean }) => {
  const now = Date.now();
  if (sweep) await trx.deleteFrom('locks').where('expires_at', '<=', now - 60 * 60_000).execute();
  const row = await trx
    .insertInto('locks')
    .values({ name, holder, expires_at: now + leaseMs, release_requested: 0 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ holder, expires_at: now + leaseMs, release_requested: 0 }).where('locks.expires_at', '<=', now))
    .returning('holder')
    .executeTakeFirst();
  if (row?.holder === holder) return true;
  if (askRelease) await trx.updateTable('locks').set({ release_requested: 1 }).where('name', '=', name).where('release_requested', '=', 0).execute();
  return false;
};

/** The holder's lease runs on; answers whether it still holds the lock and whether a waiter asked for it. */
export const renewLock = async (trx: Transaction<DB>, { name, holder, leaseMs }: { name: string; holder: string; leaseMs: number }) => {
  const row = await trx
    .updateTable('locks')
    .set({ expires_at: Date.now() + leaseMs })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .returning('release_requested')
    .executeTakeFirst();
  return { held: !!row, releaseRequested: !row || Number(row.release_requested) === 1 };
};

export const releaseLock = async (trx: Transaction<DB>, { name, holder }: { name: string; holder: string }) => {
  await trx.deleteFrom('locks').where('name', '=', name).where('holder', '=', holder).execute();
};
