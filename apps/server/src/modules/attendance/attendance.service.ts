import type { Kysely } from 'kysely';
import {
  ATTENDANCE_RESPONSE_MESSAGES as RESPONSE,
  attendanceBatchSchema,
  totalDays,
  type Attendance,
  type AttendanceBatchResponse,
  type AttendanceData,
  type AttendanceListQuery,
  type AttendanceSummaryResponse,
} from '@app/shared/schemas/attendance.schema';
import type { Paged } from '@app/shared/schemas/common.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import type { LocalChanges } from '../../db/local-changes.ts';
import { databaseIdentity } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import type { Writes } from '../../db/write-procedure.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { AppError } from '../../lib/app-error.ts';
import { backfill, keptOrBuilt } from '../../lib/child-answers.ts';
import { KeptAnswers } from '../../lib/kept-answers.ts';
import type { KeptJson } from '../../lib/kept-answer-encodings.ts';
import { issuesToErrors } from '../../lib/validate.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import { findActiveOrphans, fullName } from '../orphans/orphans.service.ts';
import { summaryOf } from './attendance-answers.ts';
import { attendancePageRows, childWithMonths, countAttendance, findAttendance, type AttendanceWithOrphan } from './attendance.repository.ts';
import * as writes from './attendance.writes.ts';

/** The overview's monthly totals and children missing a month (modules/dashboard). */
export * as attendanceOverview from './attendance-overview.repository.ts';

export interface AttendanceContext {
  db: Kysely<DB>;
  writes: Writes;
  /** What this process knows of the writes to its database: lets the data version be reused (decision 0010). */
  changes?: LocalChanges;
}

export function toAttendance(r: AttendanceWithOrphan): Attendance {
  return {
    id: r.id,
    orphan_id: r.orphan_id,
    first_name: r.first_name,
    last_name: r.last_name,
    father_name: r.father_name,
    class_grade: r.class_grade as Attendance['class_grade'],
    month: r.month,
    year: r.year,
    present_days: r.present_days,
    absent_days: r.absent_days,
    late_days: r.late_days,
    excused_days: r.excused_days,
    total_days: totalDays(r),
    absence_reasons: r.absence_reasons,
    notes: r.notes,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
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
const toValues = (d: AttendanceData): writes.AttendanceValues => ({ ...toRowValues(d), month: d.month, year: d.year });

// ---------------------------------------------------------------------------------------------
// The list

/**
 * What attendance keeps (decision 0034): each list page and each child's summary as the JSON
 * sent, and each filter's total (counting one grade's month probes every child of the grade,
 * about 7,700 at 100,000 children, 8–40 ms; a page reads ten), all at the sum of
 * `attendances_version` and `orphans_version` (any change to a record or to a child — grade,
 * name, trash — moves it on, in any process). Nothing in these answers differs by reader. A
 * child's summary is kept per child in the database first (decision 0042): in memory only while
 * it is missing there.
 */
const kept = new KeptAnswers(['attendances_version', 'orphans_version'], { entries: 5_000, bytes: 32 * 1024 * 1024 });
const totalsByDatabase = new WeakMap<object, VersionedCache<number>>();

/** Every grade and month of two years, several times over. */
function totalsFor(db: Kysely<DB>): VersionedCache<number> {
  const identity = databaseIdentity(db);
  let totals = totalsByDatabase.get(identity);
  if (!totals) totalsByDatabase.set(identity, (totals = new VersionedCache(() => 1, 2_000, 2_000)));
  return totals;
}

/** `GET /attendances`: one page as the JSON sent. */
export function attendancePageJson(ctx: AttendanceContext, q: AttendanceListQuery): Promise<Buffer> {
  const filter = `${q.orphan_id ?? ''}|${q.year ?? ''}|${q.month ?? ''}|${q.class_grade ?? ''}`;
  return kept.json(ctx, `list:${filter}|${q.per_page}|${q.page}`, (version) => listAttendance(ctx, q, filter, version));
}

async function listAttendance(ctx: AttendanceContext, q: AttendanceListQuery, filter: string, version: number): Promise<Paged<Attendance>> {
  const offset = (q.page - 1) * q.per_page;
  const [total, rows] = await Promise.all([totalsFor(ctx.db).getOrLoad(filter, version, () => countAttendance(ctx.db, q)), attendancePageRows(ctx.db, q, q.per_page, offset)]);
  const data = rows.map(toAttendance);
  return {
    data,
    ...pageMeta(total, q.page, q.per_page),
  };
}

export async function getAttendance(ctx: AttendanceContext, id: number): Promise<{ data: Attendance }> {
  const row = await findAttendance(ctx.db, id);
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  return { data: toAttendance(row) };
}

// ---------------------------------------------------------------------------------------------
// Writing

export async function createAttendance(ctx: AttendanceContext, userId: number | null, d: AttendanceData): Promise<{ message: string; data: Attendance }> {
  const row = await ctx.writes.run(writes.createAttendance, { values: toValues(d), userId });
  return { message: RESPONSE.created, data: toAttendance(row) };
}

export async function updateAttendance(ctx: AttendanceContext, userId: number | null, id: number, d: AttendanceData): Promise<{ message: string; data: Attendance }> {
  const row = await ctx.writes.run(writes.updateAttendance, { id, values: toValues(d), userId, expectedUpdatedAt: d.updated_at || undefined });
  return { message: RESPONSE.updated, data: toAttendance(row) };
}

export async function deleteAttendance(ctx: AttendanceContext, userId: number | null, id: number): Promise<{ message: string }> {
  await ctx.writes.run(writes.deleteAttendance, { id, userId });
  return { message: RESPONSE.deleted };
}

/**
 * Put each bad row's child in its messages ("Amina Rahimi: Must be at least 0"), so a teacher
 * finds the row in a grid of thirty; a row whose child is not known says its row number.
 */
async function namedRowErrors(db: Kysely<DB>, body: unknown, errors: Record<string, string[]>): Promise<Record<string, string[]>> {
  const rows = (body as { rows?: unknown })?.rows;
  const rowOf = (field: string) => /^rows\.(\d+)\./.exec(field)?.[1];
  const badRows = [...new Set(Object.keys(errors).map(rowOf).filter((i): i is string => i !== undefined))].map(Number);
  if (!Array.isArray(rows) || !badRows.length) return errors;
  const idOf = (i: number) => {
    const id = (rows[i] as { orphan_id?: unknown } | null)?.orphan_id;
    const n = typeof id === 'string' ? Number(id) : id;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
  };
  const children = await findActiveOrphans(db, badRows.map(idOf).filter((id): id is number => id !== undefined));
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
  if (!parsed.success) throw AppError.validationMany(await namedRowErrors(ctx.db, body, issuesToErrors(parsed.error.issues)));
  const { month, year, rows } = parsed.data;
  const result = await ctx.writes.run(writes.saveAttendanceBatch, {
    month,
    year,
    userId,
    rows: rows.map(toRowValues),
  });
  return {
    message: RESPONSE.batchSaved.replace('{count}', String(rows.length)),
    created: result.created,
    updated: result.updated,
    data: result.data.map(toAttendance),
  };
}

// ---------------------------------------------------------------------------------------------
// One child's attendance summary

/**
 * `GET /orphans/{id}/attendance-summary` as the JSON sent: kept in the database (decision 0042),
 * else built from rows (and filled in the background). A child not found or in the trash: 404.
 */
export async function attendanceSummaryJson(ctx: AttendanceContext, orphanId: number): Promise<KeptJson> {
  return keptOrBuilt(ctx, orphanId, 'attendance-summary', () => kept.json(ctx, `summary:${orphanId}`, () => attendanceSummary(ctx, orphanId)), writes.refreshAttendanceAnswersOf);
}

/** Each month's counts and rate, newest first, and each year's totals, built from rows (attendance-answers.ts). */
export async function attendanceSummary(ctx: Pick<AttendanceContext, 'db'>, orphanId: number): Promise<AttendanceSummaryResponse> {
  const found = await childWithMonths(ctx.db, orphanId);
  if (!found) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  return summaryOf(found);
}

/**
 * Fill, one short write at a time, the kept answers of children who have attendance records but
 * none kept (data from before migration 0024): started once the server listens, never awaited
 * by a request; stops when `stopped()` says so; `per`: children looked at and filled per write.
 * Answers how many children were filled.
 */
export function backfillAttendanceAnswers(ctx: Pick<AttendanceContext, 'db' | 'writes'>, stopped: () => boolean, per?: { scan?: number; limit?: number }): Promise<number> {
  return backfill(ctx, 'attendance_answers_backfill', writes.backfillAttendanceAnswersFrom, stopped, per);
}
