import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ERROR_CODE } from '@app/shared/messages';
import { ATTENDANCE_MESSAGES, ATTENDANCE_RESPONSE_MESSAGES as RESPONSE, beforeAdmissionMessage, isBeforeAdmission } from '@app/shared/schemas/attendance.schema';
import { AppError } from '../../lib/app-error.ts';
import { conflictWithCurrent } from '../../lib/stale-copy.ts';
import { nowAfter, nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { findActiveOrphan, findActiveOrphans, fullName, lockChildren, type SiteScope } from '../orphans/orphans.service.ts';
import { toAttendance } from './attendance-answers.ts';
import {
  childrenWithMonth,
  deleteAttendanceRow,
  findAttendance,
  findChildMonth,
  insertAttendanceRow,
  updateAttendanceRow,
  upsertAttendanceRows,
  type AttendanceWithOrphan,
  type NewAttendanceRow,
} from './attendance.repository.ts';

/**
 * Every write to attendance, each checking inside its transaction what must hold when it commits
 * (the child outside the trash, one record per child per month, the version an editor read) and
 * logging itself there.
 */

/** What a request sets on one child's month. */
export interface AttendanceValues {
  orphan_id: number;
  month: number;
  year: number;
  present_days: number;
  absent_days: number;
  late_days: number;
  excused_days: number;
  absence_reasons: string | null;
  notes: string | null;
}

type Trx = Parameters<typeof logActivity>[0];
/**
 * An entry about a month names the child ('' for a class) and keeps the month and year as data:
 * each screen writes the month in its reader's language and calendar.
 */
const logMonth = (trx: Trx, userId: number | null, action: string, month: { id: number; orphan_id: number } | null, name: string, properties: { month: number; year: number } & Record<string, unknown>) =>
  logActivity(trx, { userId, type: 'attendance', action, subjectType: 'attendance', subjectId: month?.id ?? null, childId: month?.orphan_id ?? null, name, properties });

/** A second record for a child's month — found first, or by the unique index when two saves race. */
const duplicateMonth = () => AppError.validation('month', ATTENDANCE_MESSAGES.duplicateMonth);
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

interface CreateArgs {
  scope: SiteScope;
  values: AttendanceValues;
  userId: number | null;
  /**
   * A month already recorded answers 409 with that record (`already_recorded`) instead of the
   * form's 422: a phone's outbox (it sent an Idempotency-Key) shows it as a conflict to resolve,
   * since two phones recording the same month is one record edited twice, not a mistake.
   */
  duplicateAsConflict?: boolean;
}

export const createAttendance = async (trx: Transaction<DB>, { scope, values, userId, duplicateAsConflict }: CreateArgs): Promise<AttendanceWithOrphan> => {
  await lockChildren(trx, [values.orphan_id]);
  const child = await findActiveOrphan(trx, scope, values.orphan_id);
  if (!child) throw AppError.validation('orphan_id', RESPONSE.orphanNotFound);
  // No attendance before the child came (a mistyped year would otherwise pass unnoticed).
  if (isBeforeAdmission(values.month, values.year, child.admission_date)) throw AppError.validation('month', beforeAdmissionMessage(child.admission_date!));
  const existing = await findChildMonth(trx, values.orphan_id, values.year, values.month);
  if (existing) {
    const current = duplicateAsConflict ? await findAttendance(trx, scope, existing) : undefined;
    if (!current) throw duplicateMonth();
    throw await conflictWithCurrent(trx, { message: ATTENDANCE_MESSAGES.duplicateMonth, code: ERROR_CODE.alreadyRecorded, table: 'attendances', data: toAttendance(current) });
  }
  const now = nowIso();
  let row;
  try {
    row = await insertAttendanceRow(trx, { ...values, created_by: userId, updated_by: userId, created_at: now, updated_at: now });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateMonth();
    throw err;
  }
  await logMonth(trx, userId, 'created', row, fullName(child), { month: row.month, year: row.year });
  return { ...row, first_name: child.first_name, last_name: child.last_name, father_name: child.father_name, class_grade: child.class_grade };
};

interface UpdateArgs {
  scope: SiteScope;
  id: number;
  values: AttendanceValues;
  userId: number | null;
  /** The record's `updated_at` as the editor read it: if it changed since, nothing is written (409). */
  expectedUpdatedAt?: string;
}

export const updateAttendance = async (trx: Transaction<DB>, { scope, id, values, userId, expectedUpdatedAt }: UpdateArgs): Promise<AttendanceWithOrphan> => {
  const before = await findAttendance(trx, scope, id);
  if (!before) throw AppError.notFound(RESPONSE.notFound);
  // The form locks child, month and year on edit: another month is another record.
  const locked = (['orphan_id', 'month', 'year'] as const).find((k) => values[k] !== before[k]);
  if (locked) throw AppError.validation(locked, RESPONSE.locked);
  if (expectedUpdatedAt !== undefined && before.updated_at !== expectedUpdatedAt) {
    throw await conflictWithCurrent(trx, { message: RESPONSE.changedMeanwhile, code: ERROR_CODE.changedMeanwhile, table: 'attendances', data: toAttendance(before) });
  }
  const { present_days, absent_days, late_days, excused_days, absence_reasons, notes } = values;
  await lockChildren(trx, [before.orphan_id]);
  const row = await updateAttendanceRow(trx, id, { present_days, absent_days, late_days, excused_days, absence_reasons, notes, updated_by: userId, updated_at: nowAfter(before.updated_at) });
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  await logMonth(trx, userId, 'updated', before, fullName(before), { month: row.month, year: row.year });
  return { ...row, first_name: before.first_name, last_name: before.last_name, father_name: before.father_name, class_grade: before.class_grade };
};

export const deleteAttendance = async (trx: Transaction<DB>, { scope, id, userId }: { scope: SiteScope; id: number; userId: number | null }): Promise<void> => {
  const before = await findAttendance(trx, scope, id);
  if (!before) throw AppError.notFound(RESPONSE.notFound);
  await lockChildren(trx, [before.orphan_id]);
  await deleteAttendanceRow(trx, id);
  await logMonth(trx, userId, 'deleted', before, fullName(before), { month: before.month, year: before.year });
};

export interface BatchArgs {
  scope: SiteScope;
  month: number;
  year: number;
  rows: Array<Omit<AttendanceValues, 'month' | 'year'>>;
  userId: number | null;
}

/**
 * A month for many children in one transaction: all rows are stored or none. A child who
 * already has the month has that record updated; the others get new ones. Every child must
 * exist outside the trash and have been admitted by that month, else 422 naming each such row
 * (`rows.{i}.orphan_id`). One activity entry for the batch, with the children's ids.
 */
export const saveAttendanceBatch = async (trx: Transaction<DB>, { scope, month, year, rows, userId }: BatchArgs): Promise<{ created: number; updated: number; data: AttendanceWithOrphan[] }> => {
    const ids = rows.map((r) => r.orphan_id);
    const children = await findActiveOrphans(trx, scope, ids);
    const errors: Record<string, string[]> = {};
    rows.forEach((r, i) => {
      const child = children.get(r.orphan_id);
      if (!child) errors[`rows.${i}.orphan_id`] = [`Child #${r.orphan_id}: ${RESPONSE.orphanNotFound}`];
      else if (isBeforeAdmission(month, year, child.admission_date)) errors[`rows.${i}.orphan_id`] = [`${fullName(child)}: ${beforeAdmissionMessage(child.admission_date!)}`];
    });
    if (Object.keys(errors).length) throw AppError.validationMany(errors);
    await lockChildren(trx, ids);
    const existing = await childrenWithMonth(trx, ids, year, month);
    const now = nowIso();
    const values: NewAttendanceRow[] = rows.map((r) => ({ ...r, month, year, created_by: userId, updated_by: userId, created_at: now, updated_at: now }));
    const stored = await upsertAttendanceRows(trx, values);
    const byChild = new Map(stored.map((s) => [s.orphan_id, s]));
    const created = rows.length - existing.size;
    await logMonth(trx, userId, 'recorded', null, '', {
      month,
      year,
      created: ids.filter((id) => !existing.has(id)),
      updated: ids.filter((id) => existing.has(id)),
    });
    const data = rows.map((r) => {
      const child = children.get(r.orphan_id)!;
      return { ...byChild.get(r.orphan_id)!, first_name: child.first_name, last_name: child.last_name, father_name: child.father_name, class_grade: child.class_grade };
    });
    return { created, updated: existing.size, data };
  };
