import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ResultValues } from './results.writes.ts';

/**
 * What an import of results needs beyond the writes every form uses (results.writes.ts, which
 * it calls so their rules hold): the results its rows may repeat, and, for its undo, a
 * result's values and version.
 */

type Db = Kysely<DB> | Transaction<DB>;

export { createResult, deleteResult, updateResult, type ResultValues } from './results.writes.ts';

/** These children's results: what the rows of an import are compared with (one result per assessment). */
export function resultsOfChildren(db: Db, childIds: readonly number[]) {
  if (!childIds.length) return Promise.resolve([]);
  return db.selectFrom('results').select(['id', 'orphan_id', 'result_type', 'subject', 'term', 'exam_date']).where('orphan_id', 'in', childIds).execute();
}

/** Each result's version (its updated_at); a result since deleted is not answered. */
export async function resultVersions(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await db.selectFrom('results').select(['id', 'updated_at']).where('id', 'in', ids.slice(i, i + 500)).execute()) out.set(r.id, r.updated_at);
  }
  return out;
}

/** A result's values as stored: what an update by an import replaced, and its undo puts back. */
export async function resultValues(db: Db, id: number): Promise<ResultValues | undefined> {
  return db
    .selectFrom('results')
    .select(['orphan_id', 'result_type', 'subject', 'term', 'exam_date', 'year', 'grade', 'assessed_by', 'comments', 'total', 'average', 'score', 'ethics_score', 'uniform_score', 'relationship_score', 'course_type'])
    .where('id', '=', id)
    .executeTakeFirst();
}
