import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Paged } from '@app/shared/schemas/common.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { READ_KINDS, type ReadKind, type ReadLogItem, type ReadLogQuery } from '@app/shared/schemas/read-log.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { fullName } from '../orphans/orphans.service.ts';
import { inScope, type SiteScope } from '../sites/sites.service.ts';
import { activeChildSite, readPage, readerRows, type ReadRow } from './read-log.repository.ts';
import { insertRead } from './read-log.writes.ts';

/**
 * Who looked at a child's record (need to know): every read of a child's details, of a file of
 * theirs (each download or stream that starts at its first byte), of their progress report, and
 * every export, is one row — who, what, from which address (as the server sees it: TRUST_PROXY),
 * when. The read waits for its one INSERT, so no answer leaves without its line.
 */

export interface ReadWhat {
  kind: ReadKind;
  orphanId?: number | null;
  mediaId?: number | null;
  detail?: Record<string, unknown> | null;
}

/** Record a read by the request's signed-in user (or `userId`, for a signed URL that names its reader). */
export async function recordRead(db: Kysely<DB>, request: FastifyRequest, what: ReadWhat, userId: number | null = request.user?.id ?? null): Promise<void> {
  await insertRead(db, { userId, orphanId: what.orphanId ?? null, mediaId: what.mediaId, kind: what.kind, detail: what.detail, address: request.ip || null, at: nowIso() });
}

function parseDetail(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toItem(r: ReadRow): ReadLogItem {
  return {
    id: r.id,
    kind: (READ_KINDS as readonly string[]).includes(r.kind) ? (r.kind as ReadKind) : 'details',
    user: r.user_id !== null && r.user_name !== null ? { id: r.user_id, name: r.user_name } : null,
    orphan: r.orphan_id !== null && r.first_name !== null ? { id: r.orphan_id, name: fullName({ first_name: r.first_name, last_name: r.last_name ?? '' }) } : null,
    media_id: r.media_id,
    detail: parseDetail(r.detail),
    address: r.address,
    created_at: r.created_at,
  };
}

/** GET /access-log: the Access log screen. */
export async function listReads(db: Kysely<DB>, q: ReadLogQuery): Promise<Paged<ReadLogItem>> {
  const { rows, total } = await readPage(db, q, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map(toItem), ...pageMeta(total, q.page, q.per_page) };
}

/** GET /orphans/{id}/views: "Who viewed this record"; 404 for a child the reader cannot reach (another site, in the trash, gone). */
export async function orphanViews(db: Kysely<DB>, scope: SiteScope, orphanId: number, q: { page: number; per_page: number }): Promise<Paged<ReadLogItem>> {
  const site = await activeChildSite(db, orphanId);
  if (site === undefined || !inScope(scope, site)) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  return listReads(db, { ...q, orphan_id: orphanId });
}

/** Everyone the log can be filtered by: the users there are now (a deleted user's lines keep no name). */
export const readers = (db: Kysely<DB>) => readerRows(db);
