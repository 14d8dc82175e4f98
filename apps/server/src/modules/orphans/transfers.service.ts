import type { Kysely } from 'kysely';
import {
  ORPHAN_RESPONSE_MESSAGES as RESPONSE,
  TRANSFER_MESSAGES,
  transferRequestSchema,
  type Transfer,
  type TransferSavedResponse,
  type TransfersResponse,
} from '@app/shared/schemas/orphan.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { siteForChild } from '../sites/sites.service.ts';
import type { SiteScope } from './orphan-scope.ts';
import { findOrphanRow } from './orphans.repository.ts';
import { transferRows, type TransferRow } from './transfers.repository.ts';
import { transferOrphan } from './transfers.writes.ts';

interface TransferContext {
  db: Kysely<DB>;
  scope: SiteScope;
  /** The active sites the user holds. */
  sites: readonly { id: number }[];
}

function toTransfer(r: TransferRow): Transfer {
  return {
    id: r.id,
    date: r.date,
    from_site: { id: r.from_id, name: r.from_name },
    to_site: { id: r.to_id, name: r.to_name },
    reason: r.reason,
    by: r.user_id === null ? null : { id: r.user_id, name: r.user_name ?? '' },
    created_at: r.created_at,
  };
}

/** A child within the request's sites, outside the trash; else 404 (a child of another site does not exist). */
async function reachableChild(ctx: TransferContext, id: number) {
  const row = await findOrphanRow(ctx.db, ctx.scope, id);
  if (!row || row.deleted_at) throw AppError.notFound(RESPONSE.notFound);
  return row;
}

/**
 * Move a child to another site. The child must be within the user's sites (so they hold the site
 * it leaves: else 404), the new site one they hold and active (else 422), and not the one it is at.
 */
export async function transferChild(ctx: TransferContext, userId: number | null, id: number, body: unknown): Promise<TransferSavedResponse> {
  const child = await reachableChild(ctx, id);
  const data = parseOrThrow(transferRequestSchema, body ?? {});
  const toSiteId = await siteForChild(ctx.db, ctx.scope, ctx.sites, data.site_id);
  if (toSiteId === child.site_id) throw AppError.validation('site_id', TRANSFER_MESSAGES.sameSite);
  const { transferId } = await ctx.db.transaction().execute((trx) =>
    transferOrphan(trx, { scope: ctx.scope, id, userId, toSiteId, date: data.date, reason: data.reason }),
  );
  const [saved] = await transferRows(ctx.db, id, transferId);
  return { message: TRANSFER_MESSAGES.transferred, data: toTransfer(saved!) };
}

/** A child's moves between sites, latest first. */
export async function childTransfers(ctx: TransferContext, id: number): Promise<TransfersResponse> {
  await reachableChild(ctx, id);
  return { data: (await transferRows(ctx.db, id)).map(toTransfer) };
}
