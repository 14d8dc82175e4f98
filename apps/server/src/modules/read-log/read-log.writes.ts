import type { Kysely } from 'kysely';
import type { ReadKind } from '@app/shared/schemas/read-log.schema';
import type { DB } from '../../db/schema.ts';

/** The read log's only writes: one row per read, and the retention job's deletion. Nothing edits a row. */

export interface ReadEntry {
  userId: number | null;
  orphanId: number | null;
  mediaId?: number | null;
  kind: ReadKind;
  detail?: Record<string, unknown> | null;
  address: string | null;
  at: string;
}

// One statement, so one round trip beside the read it records: no transaction of its own (a
// single INSERT is atomic), which would add BEGIN and COMMIT to every read.
export async function insertRead(db: Kysely<DB>, e: ReadEntry): Promise<void> {
  await db
    .insertInto('read_log')
    .values({
      user_id: e.userId,
      orphan_id: e.orphanId,
      media_id: e.mediaId ?? null,
      kind: e.kind,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      address: e.address ? e.address.slice(0, 64) : null,
      created_at: e.at,
    })
    .execute();
}

/** Entries written before `cutoff` (ISO time) go; answers how many. */
export async function deleteReadsBefore(db: Kysely<DB>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('read_log').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
