import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ERROR_CODE } from '@app/shared/messages';
import { sameAssessment } from '@app/shared/result-assessment';
import { RESULT_RESPONSE_MESSAGES as RESPONSE } from '@app/shared/schemas/result.schema';
import { fillPlaceholders } from '@app/shared/i18n/localise';
import { AppError } from '../../lib/app-error.ts';
import { conflictWithCurrent } from '../../lib/stale-copy.ts';
import { toResult } from './results-answers.ts';
import { nowAfter, nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { findActiveOrphan, fullName, lockChildren, type SiteScope } from '../orphans/orphans.service.ts';
import { childResultsOn, deleteResultRow, findResult, insertResultRow, updateResultRow, type NewResultRow, type ResultWithOrphan } from './results.repository.ts';

/**
 * Every write to a result, each checking the child inside its transaction (it must exist outside
 * the trash), logging itself there.
 */

/** The columns a request sets: the result's fields (the other types' null), without the record's own. */
export type ResultValues = Omit<NewResultRow, 'id' | 'created_by' | 'updated_by' | 'created_at' | 'updated_at'>;

type Trx = Parameters<typeof logActivity>[0];
const logResult = (trx: Trx, userId: number | null, action: string, r: { id: number; orphan_id: number; result_type: string; subject: string }, child: { first_name: string; last_name: string }) =>
  logActivity(trx, {
    userId,
    type: 'other',
    action,
    subjectType: 'result',
    subjectId: r.id,
    childId: r.orphan_id,
    name: `${fullName(child)}: ${r.subject} (${r.result_type})`,
  });

const DUPLICATE = { education: RESPONSE.duplicateEducation, course: RESPONSE.duplicateCourse, discipline: RESPONSE.duplicateDiscipline } as const;

/**
 * One result per assessment of a child (result-assessment.ts): a second one is refused with 422,
 * naming the child and the assessment. Checked in the write, after the child is locked, rather
 * than by a unique index: a database holding duplicates from before could not build one (the
 * duplicates report lists them, `npm run results:duplicates`).
 */
async function refuseSecondResult(trx: Transaction<DB>, values: ResultValues, child: { first_name: string; last_name: string }, { exceptId, asConflictIn }: { exceptId?: number; asConflictIn?: SiteScope } = {}): Promise<void> {
  const others = await childResultsOn(trx, values.orphan_id, values.result_type, values.exam_date);
  const other = others.find((r) => r.id !== exceptId && sameAssessment(r, values));
  if (!other) return;
  const message = fillPlaceholders(DUPLICATE[values.result_type as keyof typeof DUPLICATE] ?? RESPONSE.duplicateEducation, {
    name: fullName(child),
    subject: values.subject,
    term: values.term ?? '',
    date: values.exam_date,
  });
  const current = asConflictIn ? await findResult(trx, asConflictIn, other.id) : undefined;
  if (current) throw await conflictWithCurrent(trx, { message, code: ERROR_CODE.alreadyRecorded, table: 'results', data: toResult(current) });
  throw AppError.validation('subject', message);
}

interface CreateArgs {
  scope: SiteScope;
  values: ResultValues;
  userId: number | null;
  /** An assessment already recorded answers 409 with that result (`already_recorded`): a phone's outbox resolves it as a conflict. */
  duplicateAsConflict?: boolean;
}

export const createResult = async (trx: Transaction<DB>, { scope, values, userId, duplicateAsConflict }: CreateArgs): Promise<ResultWithOrphan> => {
  await lockChildren(trx, [values.orphan_id]);
  const child = await findActiveOrphan(trx, scope, values.orphan_id);
  if (!child) throw AppError.validation('orphan_id', RESPONSE.orphanNotFound);
  await refuseSecondResult(trx, values, child, { asConflictIn: duplicateAsConflict ? scope : undefined });
  const now = nowIso();
  const row = await insertResultRow(trx, { ...values, created_by: userId, updated_by: userId, created_at: now, updated_at: now });
  await logResult(trx, userId, 'created', row, child);
  return { ...row, first_name: child.first_name, last_name: child.last_name, father_name: child.father_name };
};

interface UpdateArgs {
  scope: SiteScope;
  id: number;
  values: ResultValues;
  userId: number | null;
  /** The result's `updated_at` as the editor read it: if it changed since, nothing is written (409). */
  expectedUpdatedAt?: string;
}

export const updateResult = async (trx: Transaction<DB>, { scope, id, values, userId, expectedUpdatedAt }: UpdateArgs): Promise<ResultWithOrphan> => {
  const before = await findResult(trx, scope, id);
  if (!before) throw AppError.notFound(RESPONSE.notFound);
  // The form locks the child on edit; a result moved to another child would be a different result.
  if (values.orphan_id !== before.orphan_id) throw AppError.validation('orphan_id', RESPONSE.orphanLocked);
  if (expectedUpdatedAt !== undefined && before.updated_at !== expectedUpdatedAt) {
    throw await conflictWithCurrent(trx, { message: RESPONSE.changedMeanwhile, code: ERROR_CODE.changedMeanwhile, table: 'results', data: toResult(before) });
  }
  await lockChildren(trx, [before.orphan_id]);
  await refuseSecondResult(trx, values, before, { exceptId: id });
  const row = await updateResultRow(trx, id, { ...values, updated_by: userId, updated_at: nowAfter(before.updated_at) });
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  await logResult(trx, userId, 'updated', row, before);
  // The child is locked on edit; its former child is rebuilt too, should that ever change.
  return { ...row, first_name: before.first_name, last_name: before.last_name, father_name: before.father_name };
};

export const deleteResult = async (trx: Transaction<DB>, { scope, id, userId }: { scope: SiteScope; id: number; userId: number | null }): Promise<void> => {
  const before = await findResult(trx, scope, id);
  if (!before) throw AppError.notFound(RESPONSE.notFound);
  await lockChildren(trx, [before.orphan_id]);
  await deleteResultRow(trx, id);
  await logResult(trx, userId, 'deleted', before, before);
};
