import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ExportKind } from '@app/shared/schemas/export.schema';
import { EXPORT_MESSAGES } from '@app/shared/schemas/export.schema';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { findActiveOrphan, fullName, type SiteScope } from '../orphans/orphans.service.ts';

interface LogExportArgs {
  kind: ExportKind;
  /** What the entry reads (the feature's FeatureExport.logName). */
  name: string;
  userId: number | null;
  /** The filters as the request gave them (after validation), kept in the entry's properties. */
  filters: Record<string, string | number>;
  /** The child the export is narrowed to, if any: it must exist outside the trash, in the sites. */
  orphanId?: number;
  scope: SiteScope;
}

/**
 * An export is written to the activity log before its first byte is sent: who took which data
 * out, with which filters. The child it names is checked in the same transaction, so a trashed or
 * unknown child's export is refused (422) and leaves no entry and no file.
 */
export const logExport = async (trx: Transaction<DB>, { scope, kind, name: given, userId, filters, orphanId }: LogExportArgs): Promise<void> => {
  let name = given;
  if (orphanId !== undefined) {
    const child = await findActiveOrphan(trx, scope, orphanId);
    if (!child) throw AppError.validation('orphan_id', EXPORT_MESSAGES.orphanNotFound);
    name = `${name}: ${fullName(child)}`;
  }
  await logActivity(trx, { userId, type: 'document', action: 'exported', subjectType: 'export', subjectId: null, name, properties: { kind, filters } });
};
