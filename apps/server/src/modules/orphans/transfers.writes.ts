import type { Transaction } from 'kysely';
import { ORPHAN_RESPONSE_MESSAGES as RESPONSE, TRANSFER_MESSAGES } from '@app/shared/schemas/orphan.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowAfter, nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { siteNames } from '../sites/sites.service.ts';
import type { SiteScope } from './orphan-scope.ts';
import { findOrphanRow, updateOrphanRow, type OrphanRow } from './orphans.repository.ts';
import { insertTransferRow } from './transfers.repository.ts';

interface TransferArgs {
  scope: SiteScope;
  id: number;
  userId: number | null;
  /** A site the user holds, active (the service checked). */
  toSiteId: number;
  date: string;
  reason: string;
}

/**
 * Move a child to another site: the child's row names the new site, the move is kept in the
 * history and the activity log. Its results, attendance and media follow the child (they belong
 * to the child, not to a site). The log names the sites, never the reason: the log is read by
 * more people than the child's record.
 */
export const transferOrphan = async (trx: Transaction<DB>, { scope, id, userId, toSiteId, date, reason }: TransferArgs): Promise<{ row: OrphanRow; transferId: number }> => {
  const before = await findOrphanRow(trx, scope, id);
  if (!before || before.deleted_at) throw AppError.notFound(RESPONSE.notFound);
  if (before.site_id === toSiteId) throw AppError.validation('site_id', TRANSFER_MESSAGES.sameSite);
  const row = await updateOrphanRow(trx, before, { site_id: toSiteId, updated_by: userId, updated_at: nowAfter(before.updated_at) });
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  const transferId = await insertTransferRow(trx, { orphan_id: id, from_site_id: before.site_id, to_site_id: toSiteId, date, reason, user_id: userId, created_at: nowIso() });
  const names = await siteNames(trx, [before.site_id, toSiteId]);
  await logActivity(trx, {
    userId,
    type: 'orphan',
    action: 'transferred',
    subjectType: 'orphan',
    subjectId: id,
    childId: id,
    name: `${row.first_name} ${row.last_name}`,
    properties: { from_site: names.get(before.site_id), to_site: names.get(toSiteId) },
  });
  return { row, transferId };
};
