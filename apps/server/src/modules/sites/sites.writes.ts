import { ERROR_CODE } from '@app/shared/messages';
import { SITE_MSG } from '@app/shared/schemas/sites.schema';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowAfter } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { deleteSiteRow, findSite, insertSite, siteHasChildren, siteHasHolders, siteNamedInTransfers, siteNameTaken, updateSiteRow, type SiteValues } from './sites.repository.ts';

/** Every write to a site, each checking its rules inside its transaction and logging itself. */

const nameTaken = () => AppError.validation('name', SITE_MSG.nameTaken);

export const createSite = async (trx: Transaction<DB>, { actorId, values, now }: { actorId: number; values: SiteValues; now: string }): Promise<number> => {
  if (await siteNameTaken(trx, values.name)) throw nameTaken();
  const id = await insertSite(trx, { ...values, created_at: now, updated_at: now });
  await logActivity(trx, { userId: actorId, type: 'other', action: 'created', subjectType: 'site', subjectId: id, name: values.name });
  return id;
};

export const updateSite = async (
  trx: Transaction<DB>,
  { actorId, id, values, expectedUpdatedAt }: { actorId: number; id: number; values: SiteValues; expectedUpdatedAt?: string },
): Promise<void> => {
  const before = await findSite(trx, id);
  if (!before) throw AppError.notFound();
  if (expectedUpdatedAt !== undefined && before.updated_at !== expectedUpdatedAt) throw AppError.conflict(SITE_MSG.changedMeanwhile, ERROR_CODE.changedMeanwhile);
  if (await siteNameTaken(trx, values.name, id)) throw nameTaken();
  await updateSiteRow(trx, id, { ...values, updated_at: nowAfter(before.updated_at) });
  const action = before.active === 1 && values.active === 0 ? 'deactivated' : before.active === 0 && values.active === 1 ? 'activated' : 'updated';
  await logActivity(trx, { userId: actorId, type: 'other', action, subjectType: 'site', subjectId: id, name: values.name });
};

/** A site with children (even in the trash), holders or a place in a child's history stays: it can be made inactive instead. */
export const deleteSite = async (trx: Transaction<DB>, { actorId, id }: { actorId: number; id: number }): Promise<void> => {
  const existing = await findSite(trx, id);
  if (!existing) throw AppError.notFound();
  if (await siteHasChildren(trx, id)) throw AppError.validation('site', SITE_MSG.hasChildren);
  if (await siteHasHolders(trx, id)) throw AppError.validation('site', SITE_MSG.hasUsers);
  // The children's histories name it: they must read as they were.
  if (await siteNamedInTransfers(trx, id)) throw AppError.validation('site', SITE_MSG.hasTransfers);
  await deleteSiteRow(trx, id);
  await logActivity(trx, { userId: actorId, type: 'other', action: 'deleted', subjectType: 'site', subjectId: id, name: existing.name });
};
