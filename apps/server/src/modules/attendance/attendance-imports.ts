import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AttendanceValues } from './attendance.writes.ts';

/**
 * What an import of attendance needs beyond the writes every form uses (attendance.writes.ts,
 * which it calls so their rules hold): the months its rows may repeat, and, for its undo, a
 * record's values and version.
 */

type Db = Kysely<DB> | Transaction<DB>;

export { createAttendance, deleteAttendance, updateAttendance, type AttendanceValues } from './attendance.writes.ts';

/** These children's recorded months: what the rows of an import are compared with (one record per child and month). */
export function monthsOfChildren(db: Db, childIds: readonly number[]) {
  if (!childIds.length) return Promise.resolve([]);
  return db.selectFrom('attendances').select(['id', 'orphan_id', 'month', 'year']).where('orphan_id', 'in', childIds).execute();
}

/** Each record's version (its updated_at); a record since deleted is not answered. */
export async function attendanceVersions(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await db.selectFrom('attendances').select(['id', 'updated_at']).where('id', 'in', ids.slice(i, i + 500)).execute()) out.set(r.id, r.updated_at);
  }
  return out;
}

/** A record's values as stored: what an update by an import replaced, and its undo puts back. */
export async function attendanceValues(db: Db, id: number): Promise<AttendanceValues | undefined> {
  return db
    .selectFrom('attendances')
    .select(['orphan_id', 'month', 'year', 'present_days', 'absent_days', 'late_days', 'excused_days', 'absence_reasons', 'notes'])
    .where('id', '=', id)
    .executeTakeFirst();
}
