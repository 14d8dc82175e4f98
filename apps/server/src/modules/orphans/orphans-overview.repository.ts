import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { withinScope, type SiteScope } from './orphan-scope.ts';
import { conditionToken, openChildRow } from './orphan-sealing.ts';

/**
 * The overview's readings of the orphans table (modules/dashboard), each from an index of
 * migration 0019 or 0002 (dashboard-plans.test.ts checks the plans). "In care" is a child outside
 * the trash whose status is active. The builders are exported for the plan test. The counts of
 * children in care and on record come from the overview's summary (modules/dashboard).
 */

/** The status of a child in care (spec section 3's first status option). */
export const IN_CARE = 'active';

export type OverviewChild = { id: number; first_name: string; last_name: string; class_grade: string | null };

const inCare = (db: Kysely<DB>) => db.selectFrom('orphans').where('deleted_at', 'is', null).where('status', '=', IN_CARE);

/** Children outside the trash admitted within [from, to] (any status: the orphan list's admission filter shows the same). */
export const buildCountAdmitted = (db: Kysely<DB>, from: string, to: string) =>
  db
    .selectFrom('orphans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .where('admission_date', '>=', from)
    .where('admission_date', '<=', to);

export async function countAdmitted(db: Kysely<DB>, scope: SiteScope, from: string, to: string): Promise<number> {
  return Number((await withinScope(buildCountAdmitted(db, from, to), scope).executeTakeFirstOrThrow()).n);
}

/** Admissions within [from, to] per month ('YYYY-MM'), from the admission index's range. */
export const buildAdmissionsByMonth = (db: Kysely<DB>, from: string, to: string) =>
  db
    .selectFrom('orphans')
    .select([sql<string>`substr(admission_date, 1, 7)`.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .where('admission_date', '>=', from)
    .where('admission_date', '<=', to)
    .groupBy(sql`substr(admission_date, 1, 7)`);

export async function admissionsByMonth(db: Kysely<DB>, scope: SiteScope, from: string, to: string): Promise<Map<string, number>> {
  const rows = await withinScope(buildAdmissionsByMonth(db, from, to), scope).execute();
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

/** A range of birthdays as MM-DD, both ends included (a range across the new year is two). */
export type BirthdayRange = readonly [from: string, to: string];

const birthdaysIn = (db: Kysely<DB>, [from, to]: BirthdayRange) =>
  inCare(db).where('birthday', '>=', from).where('birthday', '<=', to);

export const buildCountBirthdays = (db: Kysely<DB>, range: BirthdayRange) => birthdaysIn(db, range).select((eb) => eb.fn.countAll<number>().as('n'));

/** Children in care whose birthday falls within `range`, soonest first: at most `limit`. */
export const buildBirthdays = (db: Kysely<DB>, range: BirthdayRange, limit: number) =>
  birthdaysIn(db, range).select(['id', 'first_name', 'last_name', 'class_grade', 'dob', 'birthday']).orderBy('birthday').orderBy('id').limit(limit);

export async function countBirthdays(db: Kysely<DB>, scope: SiteScope, range: BirthdayRange): Promise<number> {
  return Number((await withinScope(buildCountBirthdays(db, range), scope).executeTakeFirstOrThrow()).n);
}

/** The first `limit` children in care whose birthday falls within the ranges, soonest first. */
export async function birthdaysWithin(db: Kysely<DB>, scope: SiteScope, ranges: readonly BirthdayRange[], limit: number) {
  const children: Array<OverviewChild & { dob: string; birthday: string }> = [];
  // In order: the range up to the new year first, so the list stays soonest first.
  for (const range of ranges) {
    if (children.length < limit) children.push(...(await withinScope(buildBirthdays(db, range, limit - children.length), scope).execute()));
  }
  return children;
}

/**
 * The children in care whose condition's token (orphan-sealing.ts) is one of `tokens`, from the
 * in-care condition index: the condition is sealed, its token says which children share one.
 */
export const buildCountConditions = (db: Kysely<DB>, tokens: readonly string[]) =>
  inCare(db).where('medical_token', 'in', tokens).select((eb) => eb.fn.countAll<number>().as('n'));

/** The first `limit` children in care of one condition's token, by name, from the same index. */
export const buildConditionList = (db: Kysely<DB>, token: string, limit: number) =>
  inCare(db).where('medical_token', '=', token).select(['id', 'first_name', 'last_name', 'class_grade', 'medical_condition']).orderBy('last_name').orderBy('first_name').orderBy('id').limit(limit);

/** Children in care whose medical condition is one of `conditions`: how many, and the first `limit` by condition and name (only those opened). */
export async function childrenWithConditions(db: Kysely<DB>, scope: SiteScope, conditions: readonly string[], limit: number) {
  const ordered = [...new Set(conditions)].sort();
  if (!ordered.length) return { total: 0, children: [] };
  const tokens = ordered.map(conditionToken);
  const total = Number((await withinScope(buildCountConditions(db, tokens), scope).executeTakeFirstOrThrow()).n);
  const children: Array<OverviewChild & { medical_condition: string }> = [];
  for (const token of tokens) {
    if (children.length >= limit) break;
    const rows = await withinScope(buildConditionList(db, token, limit - children.length), scope).execute();
    children.push(...rows.map(openChildRow).map((c) => ({ ...c, medical_condition: c.medical_condition ?? '' })));
  }
  return { total, children };
}
