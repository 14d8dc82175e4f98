import type { Kysely } from 'kysely';
import { dayAfterMonth } from '@app/shared/schemas/attendance.schema';
import type { DB } from '../../db/schema.ts';
import { withinScope, type SiteScope } from '../orphans/orphans.service.ts';

/**
 * The overview's list of children missing a month of attendance (modules/dashboard), from
 * indexes (migrations 0016 and 0019; dashboard-plans.test.ts checks the plan). The month's sums
 * and how many are missing come from the overview's summary.
 */

/** The status of a child in care (as orphans-overview.repository.ts). */
const IN_CARE = 'active';

/**
 * Children in care with no attendance record for the month: each child of the in-care name
 * index is probed in the unique (orphan_id, year, month) key: the first `limit` by name. A
 * child admitted after the month is not missing it: the same rule as the form's
 * (isBeforeAdmission), on the stored date.
 */
export function buildMissingMonth(db: Kysely<DB>, year: number, month: number) {
  return unrecorded(db, year, month).where('orphans.admission_date', '<', dayAfterMonth(month, year));
}

/** Children in care without a record for the month, whenever admitted. */
function unrecorded(db: Kysely<DB>, year: number, month: number) {
  return db
    .selectFrom('orphans')
    .where('orphans.deleted_at', 'is', null)
    .where('orphans.status', '=', IN_CARE)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('attendances')
            .select('attendances.id')
            .whereRef('attendances.orphan_id', '=', 'orphans.id')
            .where('attendances.year', '=', year)
            .where('attendances.month', '=', month),
        ),
      ),
    );
}

export const buildListMissingMonth = (db: Kysely<DB>, year: number, month: number, limit: number) =>
  buildMissingMonth(db, year, month)
    .select(['orphans.id', 'orphans.first_name', 'orphans.last_name', 'orphans.class_grade'])
    .orderBy('orphans.last_name')
    .orderBy('orphans.first_name')
    .orderBy('orphans.id')
    .limit(limit);

/**
 * Children in care admitted after the month without a record for it: the overview's summary
 * counts every child in care without the month's record, and these are not missing it. One
 * month's admissions, from the admission index.
 */
export const buildCountUnrecordedAdmittedAfter = (db: Kysely<DB>, year: number, month: number) =>
  unrecorded(db, year, month)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orphans.admission_date', '>=', dayAfterMonth(month, year));

export async function countUnrecordedAdmittedAfter(db: Kysely<DB>, scope: SiteScope, year: number, month: number): Promise<number> {
  return Number((await withinScope(buildCountUnrecordedAdmittedAfter(db, year, month), scope).executeTakeFirstOrThrow()).n);
}

export function childrenMissingMonth(db: Kysely<DB>, scope: SiteScope, year: number, month: number, limit: number) {
  return withinScope(buildListMissingMonth(db, year, month, limit), scope).execute();
}
