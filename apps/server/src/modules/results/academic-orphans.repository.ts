import type { Kysely } from 'kysely';
import { arg, preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The child a result or an attendance record belongs to, as both modules read it: only children
 * outside the trash count (a trashed child's records are hidden with it, and nothing new may be
 * recorded for it).
 */
export interface AcademicOrphan {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  class_grade: string | null;
}

const activeOrphanById = preparedQuery<DB, [number], AcademicOrphan>((db) =>
  db
    .selectFrom('orphans')
    .select(['id', 'first_name', 'last_name', 'father_name', 'class_grade'])
    .where('id', '=', arg<number>(0))
    .where('deleted_at', 'is', null),
);

export async function findActiveOrphan(db: Kysely<DB>, id: number): Promise<AcademicOrphan | undefined> {
  return (await activeOrphanById(db, id))[0];
}

/** Children outside the trash among `ids` (at most a batch's worth), by id. */
export async function findActiveOrphans(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, AcademicOrphan>> {
  const found = new Map<number, AcademicOrphan>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('orphans')
      .select(['id', 'first_name', 'last_name', 'father_name', 'class_grade'])
      .where('id', 'in', ids.slice(i, i + 500))
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) found.set(r.id, r);
  }
  return found;
}

export const fullName = (o: Pick<AcademicOrphan, 'first_name' | 'last_name'>): string => `${o.first_name} ${o.last_name}`;
