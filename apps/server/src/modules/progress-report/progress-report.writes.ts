import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { findActiveOrphan, fullName, type SiteScope } from '../orphans/orphans.service.ts';

export interface ReportLogged {
  scope: SiteScope;
  userId: number;
  orphanId: number;
  language: string;
}

/**
 * A progress report leaves the building with a child's photo, marks and attendance: who made
 * one, of which child and in which language is written to the activity log before it is sent.
 * The child is checked again here, in the log's transaction: one trashed while the report was
 * drawn gets a 404 and no report.
 */
export const logProgressReport = async (trx: Transaction<DB>, r: ReportLogged): Promise<void> => {
  const child = await findActiveOrphan(trx, r.scope, r.orphanId);
  if (!child) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  await logActivity(trx, {
    userId: r.userId,
    type: 'document',
    action: 'progress_report',
    subjectType: 'orphan',
    subjectId: r.orphanId,
    childId: r.orphanId,
    name: fullName(child),
    properties: { language: r.language },
  });
};
