import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, MediaTable } from '../../db/schema.ts';
import { findActiveOrphan, withinScope, type SiteScope } from '../orphans/orphans.service.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

/**
 * Gallery reads and row writes. A trashed child's media are hidden by joining on the child
 * (`orphans.deleted_at is null`), so trashing and restoring the child hide and bring them back
 * without touching a media row.
 */

export type MediaRecord = Selectable<MediaTable>;
export type NewMediaRecord = Insertable<MediaTable>;
export type MediaRecordUpdate = Updateable<MediaTable>;
/** A media row with its child's name, as every answer shows it. */
export type MediaRow = MediaRecord & { orphan_first_name: string; orphan_last_name: string };

export interface MediaFilter {
  orphanId?: number;
  mediaType?: string;
  dateFrom?: string;
  dateTo?: string;
  /** Every one of these tags (ignoring case). */
  tags?: string[];
}

function visibleMedia(db: Kysely<DB>, scope: SiteScope) {
  return withinScope(db.selectFrom('media').innerJoin('orphans', 'orphans.id', 'media.orphan_id').where('orphans.deleted_at', 'is', null), scope);
}

const withOrphanName = ['orphans.first_name as orphan_first_name', 'orphans.last_name as orphan_last_name'] as const;

/** A LIKE pattern matching `text` literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter's conditions on media rows alone (the caller decides how the child is checked). */
function mediaConditions<Q extends { where: (...args: never[]) => Q }>(query: Q, f: MediaFilter): Q {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one set of conditions for the joined and the plain query
  let q = query as any;
  if (f.orphanId !== undefined) q = q.where('media.orphan_id', '=', f.orphanId);
  if (f.mediaType) q = q.where('media.media_type', '=', f.mediaType);
  if (f.dateFrom) q = q.where('media.date', '>=', f.dateFrom);
  if (f.dateTo) q = q.where('media.date', '<=', f.dateTo);
  // Tags are stored joined with ", " (media.schema.ts): ", a, b," holds ", a," for each tag a.
  for (const tag of f.tags ?? []) {
    q = q.where(sql<boolean>`lower(', ' || media.tags || ',') like ${`%, ${likeLiteral(tag.toLowerCase())},%`} escape '\\'`);
  }
  return q as Q;
}

function filtered(db: Kysely<DB>, scope: SiteScope, f: MediaFilter) {
  return mediaConditions(visibleMedia(db, scope), f);
}

type Page = { total: number; rows: MediaRow[] };

/**
 * Everyone's media as the list reads them: from the item (its date index, newest first) to its
 * child, by its key. SQLite keeps a CROSS JOIN's order, so a site's scope filters that walk
 * instead of reading the site's children and sorting all their items.
 */
function listed(db: Kysely<DB>, scope: SiteScope, f: MediaFilter) {
  const joined = db.selectFrom('media').crossJoin('orphans').whereRef('orphans.id', '=', 'media.orphan_id').where('orphans.deleted_at', 'is', null);
  return mediaConditions(withinScope(joined, scope), f);
}

/** A page of everyone's media (no child named), newest date first: the statement mediaPage runs. */
export function mediaListPage(db: Kysely<DB>, scope: SiteScope, f: MediaFilter, limit: number, offset: number) {
  return listed(db, scope, f).selectAll('media').select(withOrphanName).orderBy('media.date', 'desc').orderBy('media.id', 'desc').limit(limit).offset(offset);
}

/** A page of media, newest date first, and how many match. */
export async function mediaPage(db: Kysely<DB>, scope: SiteScope, f: MediaFilter, limit: number, offset: number): Promise<Page> {
  if (f.orphanId !== undefined) return childMediaPage(db, scope, f.orphanId, f, limit, offset);
  const [count, rows] = await Promise.all([
    listed(db, scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    mediaListPage(db, scope, f, limit, offset).execute(),
  ]);
  return { total: Number(count.n), rows };
}

/**
 * One child's page (the gallery's usual view): the child is checked once, then the media rows are
 * counted and read from their (orphan_id, date, id) index alone, without joining every row to the child.
 */
async function childMediaPage(db: Kysely<DB>, scope: SiteScope, orphanId: number, f: MediaFilter, limit: number, offset: number): Promise<{ total: number; rows: MediaRow[] }> {
  const child = await findActiveOrphan(db, scope, orphanId);
  if (!child) return { total: 0, rows: [] };
  const plain = () => mediaConditions(db.selectFrom('media'), { ...f, orphanId });
  const [count, rows] = await Promise.all([
    plain().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    plain().selectAll('media').orderBy('media.date', 'desc').orderBy('media.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  const name = { orphan_first_name: child.first_name, orphan_last_name: child.last_name };
  return { total: Number(count.n), rows: rows.map((r) => ({ ...r, ...name })) };
}

/** All of one child's media in a date range, newest first (GET /orphans/{id}/media). */
export function orphanMediaRows(db: Kysely<DB>, scope: SiteScope, orphanId: number, dateFrom?: string, dateTo?: string): Promise<MediaRow[]> {
  return filtered(db, scope, { orphanId, dateFrom, dateTo }).selectAll('media').select(withOrphanName).orderBy('media.date', 'desc').orderBy('media.id', 'desc').execute();
}

/**
 * One item, unless it is missing, its child is in the trash or outside the sites (a signed file
 * address or download, whose signature is the credential, asks with every site).
 */
export function findVisibleMedia(db: Kysely<DB>, scope: SiteScope, id: number): Promise<MediaRow | undefined> {
  return visibleMedia(db, scope).selectAll('media').select(withOrphanName).where('media.id', '=', id).executeTakeFirst();
}

/** Every media row of one child, trashed or not (a purge removes their files). */
export function childMediaRecords(db: Kysely<DB>, orphanId: number): Promise<MediaRecord[]> {
  return db.selectFrom('media').selectAll().where('orphan_id', '=', orphanId).execute();
}

/** Whether some job may be claimed now: read before claiming, so an idle worker's look writes nothing. */
export async function claimableJobExists(db: Kysely<DB>, now: string, staleBefore: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where((w) => w.or([w.and([w('state', '=', 'queued'), w('run_after', '<=', now)]), w.and([w('state', '=', 'running'), w('claimed_at', '<', staleBefore)])]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export function findMediaRecord(db: Kysely<DB>, id: number): Promise<MediaRecord | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertMediaRecord(db: Kysely<DB>, values: NewMediaRecord): Promise<MediaRecord> {
  return db.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateMediaRecord(db: Kysely<DB>, id: number, values: MediaRecordUpdate): Promise<MediaRecord | undefined> {
  return db.updateTable('media').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteMediaRecord(db: Kysely<DB>, id: number): Promise<MediaRecord | undefined> {
  return db.deleteFrom('media').where('id', '=', id).returningAll().executeTakeFirst();
}

/** The item whose file is stored under `key` (a resumable upload cut off while saving: did its row commit?). */
export async function findMediaIdByFile(db: Kysely<DB>, key: string): Promise<number | undefined> {
  return (await db.selectFrom('media').select('id').where('file_path', '=', key).executeTakeFirst())?.id;
}

/** Who holds the running jobs (a worker's id, `host:pid:random`). */
export async function runningJobClaims(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('claimed_by').distinct().where('state', '=', 'running').where('claimed_by', 'is not', null).execute();
  return rows.map((r) => r.claimed_by!);
}

/** Where the log's entries about a gallery item link: the gallery opened on its child's media. */
export const mediaActivityLinks: ActivityLinks = async (db, ids) =>
  pathsById(
    await db.selectFrom('media').innerJoin('orphans', 'orphans.id', 'media.orphan_id').select(['media.id', 'media.orphan_id']).where('media.id', 'in', ids).where('orphans.deleted_at', 'is', null).execute(),
    (r) => `/dashboard/gallery?orphan_id=${r.orphan_id}`,
  );
