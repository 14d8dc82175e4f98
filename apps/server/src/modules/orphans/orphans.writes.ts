import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ERROR_CODE } from '@app/shared/messages';
import { ACTIVITY_TEXT } from '@app/shared/schemas/activity.schema';
import { ORPHAN_RESPONSE_MESSAGES as RESPONSE } from '@app/shared/schemas/orphan.schema';
import { AppError } from '../../lib/app-error.ts';
import type { SiteScope } from './orphan-scope.ts';
import { nowAfter, nowIso } from '../../lib/time.ts';
import { forgetChildInActivities, logActivity } from '../activities/activities.service.ts';
import {
  findOrphanRow,
  insertOrphanRow,
  purgeOrphanRow,
  restoreOrphanRow,
  trashOrphanRow,
  updateOrphanRow,
  type OrphanRow,
  type OrphanRowUpdate,
} from './orphans.repository.ts';

/**
 * Every write to a child, each with its activity-log entry in the same transaction it is given;
 * the service validates, stores files and shapes answers around them.
 */

/** The activity-log entry of a write to one child, named as the child is now. */
function logOrphan(trx: Parameters<typeof logActivity>[0], userId: number | null, action: string, row: OrphanRow, properties?: Record<string, unknown>) {
  return logActivity(trx, { userId, type: 'orphan', action, subjectType: 'orphan', subjectId: row.id, childId: row.id, name: `${row.first_name} ${row.last_name}`, properties });
}

type NewRow = Parameters<typeof insertOrphanRow>[1];

export const insertOrphan = async (trx: Transaction<DB>, { values, userId }: { values: NewRow; userId: number | null }): Promise<OrphanRow> => {
  const inserted = await insertOrphanRow(trx, values);
  await logOrphan(trx, userId, 'created', inserted);
  return inserted;
};

interface UpdateArgs {
  scope: SiteScope;
  id: number;
  userId: number | null;
  /** The form's columns; photo columns only when the photo is replaced or removed. */
  values: OrphanRowUpdate;
  /** Columns whose change is logged by name (never their values: the log is read by more people than the record). */
  logged: string[];
  /** The child's `updated_at` as the editor read it: if the row has changed since, nothing is written (409). */
  expectedUpdatedAt?: string;
}

export const updateOrphan = async (trx: Transaction<DB>, { scope, id, userId, values, logged, expectedUpdatedAt }: UpdateArgs): Promise<{ updated: OrphanRow; before: OrphanRow }> => {
  // Read inside the transaction: the photo keys to remove are the ones being replaced, and the
  // version compared is the one this update replaces (no other write can come in between).
  const before = await findOrphanRow(trx, scope, id);
  if (!before || before.deleted_at) throw AppError.notFound(RESPONSE.notFound);
  if (expectedUpdatedAt !== undefined && before.updated_at !== expectedUpdatedAt) throw AppError.conflict(RESPONSE.changedMeanwhile, ERROR_CODE.changedMeanwhile);
  const updated = await updateOrphanRow(trx, before, { ...values, updated_by: userId, updated_at: nowAfter(before.updated_at) });
  if (!updated) throw AppError.notFound(RESPONSE.notFound);
  const changed = logged.filter((k) => before[k as keyof OrphanRow] !== updated[k as keyof OrphanRow]);
  await logOrphan(trx, userId, 'updated', updated, { changed });
  return { updated, before };
};

type ChildArgs = { scope: SiteScope; id: number; userId: number | null };

export const trashOrphan = async (trx: Transaction<DB>, { scope, id, userId }: ChildArgs): Promise<void> => {
  const row = await trashOrphanRow(trx, scope, id, nowIso(), userId);
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  await logOrphan(trx, userId, 'deleted', row);
};

export const restoreOrphan = async (trx: Transaction<DB>, { scope, id, userId }: ChildArgs): Promise<OrphanRow> => {
  const restored = await restoreOrphanRow(trx, scope, id, nowIso(), userId);
  if (!restored) throw AppError.notFound(RESPONSE.notFound);
  await logOrphan(trx, userId, 'restored', restored);
  return restored;
};

export const purgeOrphan = async (trx: Transaction<DB>, { scope, id, userId }: ChildArgs): Promise<OrphanRow> => {
  const inTrash = await findOrphanRow(trx, scope, id);
  if (inTrash?.deleted_at) await forgetChildInActivities(trx, { id, name: `${inTrash.first_name} ${inTrash.last_name}`.trim() });
  const purged = await purgeOrphanRow(trx, scope, id);
  if (!purged) {
    const existing = await findOrphanRow(trx, scope, id);
    if (existing) throw new AppError(409, RESPONSE.notInTrash);
    throw AppError.notFound(RESPONSE.notFound);
  }
  // The purge's own entry names no one either.
  await logActivity(trx, { userId, type: 'orphan', action: 'purged', subjectType: 'orphan', subjectId: purged.id, childId: purged.id, name: ACTIVITY_TEXT.removedChild });
  return purged;
};
