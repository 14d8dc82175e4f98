import type { Kysely } from 'kysely';
import {
  ATTENDANCE_RESPONSE_MESSAGES as RESPONSE,
  attendanceBatchSchema,
  type Attendance,
  type AttendanceBatchResponse,
  type AttendanceData,
  type AttendanceListQuery,
  type AttendanceSummaryResponse,
} from '@app/shared/schemas/attendance.schema';
import type { Paged } from '@app/shared/schemas/common.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { issuesToErrors } from '../../lib/validate.ts';
import { findActiveOrphans, fullName, type SiteScope } from '../orphans/orphans.service.ts';
import { summaryOf, toAttendance } from './attendance-answers.ts';
import { attendancePageRows, childWithMonths, countAttendance, findAttendance } from './attendance.repository.ts';
import * as writes from './attendance.writes.ts';
import { scopeOfSiteFilter } from '../sites/sites.service.ts';

export { toAttendance } from './attendance-answers.ts';

/** What an import of attendance reads and writes (modules/imports). */
export * as attendanceImports from './attendance-imports.ts';

/** The overview's monthly totals and children missing a month (modules/dashboard). */
export * as attendanceOverview from './attendance-overview.repository.ts';

export interface AttendanceContext {
  db: Kysely<DB>;
  /** The sites whose children the request reaches. */
  scope: SiteScope;
}

/** One child's counts and texts, blanks as null. */
const toRowValues = (d: Omit<AttendanceData, 'month' | 'year'>): writes.BatchArgs['rows'][number] => ({
  orphan_id: d.orphan_id,
  present_days: d.present_days,
  absent_days: d.absent_days,
  late_days: d.late_days,
  excused_days: d.excused_days,
  absence_reasons: d.absence_reasons ?? null,
  notes: d.notes ?? null,
});
export const toValues = (d: AttendanceData): writes.AttendanceValues => ({ ...toRowValues(d), month: d.month, year: d.year });

// ---------------------------------------------------------------------------------------------
// The list

/** `GET /attendances`: one page and the filter's total. */
export async function listAttendance(ctx: AttendanceContext, q: AttendanceListQuery): Promise<Paged<Attendance>> {
  const offset = (q.page - 1) * q.per_page;
  const scope = await scopeOfSiteFilter(ctx.db, ctx.scope, q.site_id);
  const [total, rows] = await Promise.all([countAttendance(ctx.db, scope, q), attendancePageRows(ctx.db, scope, q, q.per_page, offset)]);
  const data = rows.map(toAttendance);
  return {
    data,
    ...pageMeta(total, q.page, q.per_page),
  };
}

export async function getAttendance(ctx: AttendanceContext, id: number): Promise<{ data: Attendance }> {
  const row = await findAttendance(ctx.db, ctx.scope, id);
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  return { data: toAttendance(row) };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** `duplicateAsConflict`: the request came from a phone's outbox (attendance.writes.ts). */
export async function createAttendance(ctx: AttendanceContext, userId: number | null, d: AttendanceData, { duplicateAsConflict = false } = {}): Promise<{ message: string; data: Attendance }> {
  const row = await ctx.db.transaction().execute((trx) => writes.createAttendance(trx, { scope: ctx.scope, values: toValues(d), userId, duplicateAsConflict }));
  return { message: RESPONSE.created, data: toAttendance(row) };
}

export async function updateAttendance(ctx: AttendanceContext, userId: number | null, id: number, d: AttendanceData): Promise<{ message: string; data: Attendance }> {
  const row = await ctx.db.transaction().execute((trx) => writes.updateAttendance(trx, { scope: ctx.scope, id, values: toValues(d), userId, expectedUpdatedAt: d.updated_at || undefined }));
  return { message: RESPONSE.updated, data: toAttendance(row) };
}

export async function deleteAttendance(ctx: AttendanceContext, userId: number | null, id: number): Promise<{ message: string }> {
  await ctx.db.transaction().execute((trx) => writes.deleteAttendance(trx, { scope: ctx.scope, id, userId }));
  return { message: RESPONSE.deleted };
}

/**
 * Put each bad row's child in its messages ("Amina Rahimi: Must be at least 0"), so a teacher
 * finds the row in a grid of thirty; a row whose child is not known says its row number.
 */
async function namedRowErrors(db: Kysely<DB>, scope: SiteScope, body: unknown, errors: Record<string, string[]>): Promise<Record<string, string[]>> {
  const rows = (body as { rows?: unknown })?.rows;
  const rowOf = (field: string) => /^rows\.(\d+)\./.exec(field)?.[1];
  const badRows = [...new Set(Object.keys(errors).map(rowOf).filter((i): i is string => i !== undefined))].map(Number);
  if (!Array.isArray(rows) || !badRows.length) return errors;
  const idOf = (i: number) => {
    const id = (rows[i] as { orphan_id?: unknown } | null)?.orphan_id;
    const n = typeof id === 'string' ? Number(id) : id;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
  };
  const children = await findActiveOrphans(db, scope, badRows.map(idOf).filter((id): id is number => id !== undefined));
  const named: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const i = rowOf(field);
    const child = i === undefined ? undefined : children.get(idOf(Number(i)) ?? 0);
    const who = i === undefined ? undefined : child ? fullName(child) : `Row ${Number(i) + 1}`;
    named[field] = who ? messages.map((m) => `${who}: ${m}`) : messages;
  }
  return named;
}

/** `POST /attendances/batch`: validated here, not by the route, so the 422 can name each row's child. */
export async function saveAttendanceBatch(ctx: AttendanceContext, userId: number | null, body: unknown): Promise<AttendanceBatchResponse> {
  const parsed = attendanceBatchSchema.safeParse(body);
  if (!parsed.success) throw AppError.validationMany(await namedRowErrors(ctx.db, ctx.scope, body, issuesToErrors(parsed.error.issues)));
  const { month, year, rows } = parsed.data;
  const result = await ctx.db.transaction().execute((trx) => writes.saveAttendanceBatch(trx, {
    scope: ctx.scope,
    month,
    year,
    userId,
    rows: rows.map(toRowValues),
  }));
  return {
    message: RESPONSE.batchSaved.replace('{count}', String(rows.length)),
    created: result.created,
    updated: result.updated,
    data: result.data.map(toAttendance),
  };
}

// ---------------------------------------------------------------------------------------------
// One child's attendance summary

/** `GET /orphans/{id}/attendance-summary`: each month's counts and rate, newest first, and each year's totals (attendance-answers.ts). A child not found or in the trash: 404. */
export async function attendanceSummary(ctx: Pick<AttendanceContext, 'db' | 'scope'>, orphanId: number): Promise<AttendanceSummaryResponse> {
  const found = await childWithMonths(ctx.db, ctx.scope, orphanId);
  if (!found) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  return summaryOf(found);
}
