import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { VIDEO_RESOLUTIONS } from '@app/shared/constants';
import type { Paged } from '@app/shared/schemas/common.schema';
import {
  MEDIA_MESSAGES,
  VIDEO_RESOLUTION_NAMES,
  mediaUpdateSchema,
  splitTags,
  type MediaItem,
  type MediaListQuery,
  type MediaStatus,
  type MediaType,
  type MediaUploadData,
  type OrphanMediaResponse,
} from '@app/shared/schemas/media.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import type { DB } from '../../db/schema.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { nowIso } from '../../lib/time.ts';
import { commitQuietly, releaseQuietly, removeQuietly, type FileStore } from '../storage/storage.service.ts';
import type { GalleryConfig } from './gallery-config.ts';
import { findActiveOrphan, type SiteScope } from '../orphans/orphans.service.ts';
import { childMediaRecords, findMediaRecord, findVisibleMedia, mediaPage, orphanMediaRows, type MediaRecord, type MediaRow } from './gallery.repository.ts';
import * as writes from './gallery.writes.ts';
import { checkReceivedFile, fileColumns } from './received-file.ts';
import { scopeOfSiteFilter } from '../sites/sites.service.ts';

export interface GalleryContext {
  db: Kysely<DB>;
  store: FileStore;
  log: FastifyBaseLogger;
  config: GalleryConfig;
  /** Whether this server can transcode (ffmpeg found at start); false: videos stay original-only. */
  canTranscode: () => boolean;
  /** Tell this process's worker a job was queued, so it need not wait for its next look. */
  jobQueued: () => void;
  /** The signed-in user the answers' download URLs are made for (the access log names them); null for none. */
  viewer: number | null;
  /** The sites whose children the request reaches. */
  scope: SiteScope;
}

/** A file received whole (multipart or resumable), stored uncommitted, not yet checked. */
export interface ReceivedUpload {
  key: string;
  size: number;
  fileName: string;
}

/** The `/download/gallery/...` path of a version (downloads.routes.ts verifies its signature). */
export const downloadPath = (id: number | string, version?: string) => `/download/gallery/${id}${version ? `/${version}` : ''}`;

/** Resolution name → the column holding its key. */
export const RESOLUTION_COLUMNS = {
  '360p': 'video_360p_path',
  '720p': 'video_720p_path',
  '1080p': 'video_1080p_path',
} as const satisfies Record<keyof typeof VIDEO_RESOLUTIONS, keyof MediaRecord>;

/** Resolution name → the column holding its size in bytes. */
export const RESOLUTION_SIZE_COLUMNS = {
  '360p': 'video_360p_bytes',
  '720p': 'video_720p_bytes',
  '1080p': 'video_1080p_bytes',
} as const satisfies Record<keyof typeof VIDEO_RESOLUTIONS, keyof MediaRecord>;

export const storedKeys = (r: MediaRecord): Array<string | null> => [
  r.file_path,
  r.display_path,
  r.thumb_path,
  r.poster_path,
  ...Object.values(RESOLUTION_COLUMNS).map((c) => r[c]),
];

/**
 * Signed URLs, reused for a minute: the signer rounds expiry up to a window, so a path's URL
 * stays the same (and valid for at least the TTL less that minute) meanwhile, and a list page re-read
 * by many users signs each path once instead of per answer (HMAC per URL was most of a page's cost).
 */
const SIGNED_REUSE_MS = 60_000;
const SIGNED_KEEP = 20_000;
const signedByStore = new WeakMap<FileStore, Map<string, { url: string; at: number }>>();

function signedUrl(store: FileStore, path: string, now: number, record: number | null = null, viewer: number | null = null): string {
  let cache = signedByStore.get(store);
  if (!cache) signedByStore.set(store, (cache = new Map()));
  const key = viewer === null ? path : `${path}\n${viewer}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < SIGNED_REUSE_MS) return hit.url;
  if (cache.size >= SIGNED_KEEP) cache.clear();
  const url = store.signer.signPath(path, now, record, viewer);
  cache.set(key, { url, at: now });
  return url;
}

/** `viewer`: who the download URLs are for (each download of them is written to the access log with that name). */
export function toMediaItem(r: MediaRow, store: FileStore, viewer: number | null, now = Date.now()): MediaItem {
  const sign = (path: string) => signedUrl(store, path, now, null, viewer);
  // A stored key belongs to one item: its path names the record too. Served while the item shows it (gallery.module.ts).
  const storageUrl = (key: string | null) => (key ? signedUrl(store, `/storage/${key}`, now, r.id) : null);
  const resolution_urls: Record<string, string> = {};
  const resolution_sizes: Record<string, number> = {};
  for (const name of VIDEO_RESOLUTION_NAMES) {
    if (!r[RESOLUTION_COLUMNS[name]]) continue;
    resolution_urls[name] = sign(downloadPath(r.id, name));
    const bytes = r[RESOLUTION_SIZE_COLUMNS[name]];
    if (bytes !== null) resolution_sizes[name] = Number(bytes);
  }
  const original = sign(downloadPath(r.id, 'original'));
  return {
    id: r.id,
    orphan_id: r.orphan_id,
    orphan: { id: r.orphan_id, first_name: r.orphan_first_name, last_name: r.orphan_last_name },
    media_type: r.media_type as MediaType,
    title: r.title,
    description: r.description,
    tags: r.tags,
    date: r.date,
    file_name: r.file_name,
    mime_type: r.mime_type,
    size_bytes: r.size_bytes,
    width: r.width,
    height: r.height,
    duration: r.duration,
    status: r.status as MediaStatus,
    status_reason: r.status_reason,
    thumbnail_url: storageUrl(r.thumb_path ?? r.poster_path),
    display_url: storageUrl(r.display_path),
    poster_url: storageUrl(r.poster_path),
    resolution_urls,
    resolution_sizes,
    original_url: original,
    download_url: sign(downloadPath(r.id)),
    file_url: original,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function listMedia(ctx: GalleryContext, q: MediaListQuery): Promise<Paged<MediaItem>> {
  const offset = (q.page - 1) * q.per_page;
  const filter = { orphanId: q.orphan_id, mediaType: q.media_type, dateFrom: q.date_from, dateTo: q.date_to, tags: q.tags ? splitTags(q.tags) : [] };
  const scope = await scopeOfSiteFilter(ctx.db, ctx.scope, q.site_id);
  const { total, rows } = await mediaPage(ctx.db, scope, filter, q.per_page, offset);
  return {
    data: rows.map((r) => toMediaItem(r, ctx.store, ctx.viewer)),
    ...pageMeta(total, q.page, q.per_page),
  };
}

export async function getMedia(ctx: GalleryContext, id: number): Promise<{ data: MediaItem }> {
  const row = await findVisibleMedia(ctx.db, ctx.scope, id);
  if (!row) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  return { data: toMediaItem(row, ctx.store, ctx.viewer) };
}

export async function orphanMedia(ctx: GalleryContext, orphanId: number, q: { date_from?: string; date_to?: string }): Promise<OrphanMediaResponse> {
  if (!(await findActiveOrphan(ctx.db, ctx.scope, orphanId))) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  const rows = await orphanMediaRows(ctx.db, ctx.scope, orphanId, q.date_from, q.date_to);
  return { media: { data: rows.map((r) => toMediaItem(r, ctx.store, ctx.viewer)) } };
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The end of every upload, multipart or resumable: the file is whole and stored (uncommitted).
 * Check it — size, the child, its content against the chosen type — make an image's display
 * size and thumbnail, then write the row (and a video's transcode job). Anything refused or
 * failed removes every file stored for it: no row without its file, no file without its row.
 */
export async function createFromUpload(ctx: GalleryContext, userId: number | null, data: MediaUploadData, file: ReceivedUpload): Promise<{ message: string; data: MediaItem }> {
  const keys: string[] = [file.key];
  let row: MediaRecord;
  let notice: string | null;
  try {
    if (!(await findActiveOrphan(ctx.db, ctx.scope, data.orphan_id))) throw AppError.validation('orphan_id', MEDIA_MESSAGES.orphanNotFound);
    const checked = await checkReceivedFile(ctx, file, data.media_type, keys);
    notice = checked.notice;
    const transcode = data.media_type === 'video' && ctx.canTranscode();
    const now = nowIso();
    row = await ctx.db.transaction().execute((trx) => writes.insertMedia(trx, {
      scope: ctx.scope,
      userId,
      transcode,
      values: {
        orphan_id: data.orphan_id,
        media_type: data.media_type,
        title: data.title,
        description: data.description ?? null,
        tags: data.tags ?? null,
        date: data.date,
        ...fileColumns(file, checked, data.media_type, transcode),
        created_by: userId,
        updated_by: userId,
        created_at: now,
        updated_at: now,
      },
    }));
  } catch (err) {
    await removeQuietly(ctx.store.files, keys, ctx.log);
    throw err;
  }
  await commitQuietly(ctx.store.files, keys, ctx.log);
  if (row.status === 'processing') ctx.jobQueued();
  const answer = await findVisibleMedia(ctx.db, ctx.scope, row.id);
  if (!answer) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  return { message: notice ?? MEDIA_MESSAGES.created, data: toMediaItem(answer, ctx.store, ctx.viewer) };
}

/** Only what is given changes; blank description or tags clear them (mediaUpdateSchema). */
export async function updateMedia(ctx: GalleryContext, userId: number | null, id: number, fields: Record<string, unknown>): Promise<{ message: string; data: MediaItem }> {
  const { _method: _ignored, ...given } = parseOrThrow(mediaUpdateSchema, fields);
  const values = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  await ctx.db.transaction().execute((trx) => writes.updateMedia(trx, { scope: ctx.scope, id, userId, values }));
  return { message: MEDIA_MESSAGES.updated, ...(await getMedia(ctx, id)) };
}

/**
 * The stored files of all of a child's media: purging the child removes its rows (foreign key
 * cascade), and the orphans service removes these files around that write as it does the photo's.
 */
export async function childMediaFiles(db: Kysely<DB>, orphanId: number): Promise<string[]> {
  return (await childMediaRecords(db, orphanId)).flatMap(storedKeys).filter((k): k is string => !!k);
}

export async function deleteMedia(ctx: GalleryContext, userId: number | null, id: number): Promise<{ message: string }> {
  const before = await findMediaRecord(ctx.db, id);
  // Marked first: a crash between the delete and the removal leaves the files to the start-up sweep.
  if (before) await releaseQuietly(ctx.store.files, storedKeys(before), ctx.log);
  const row = await ctx.db.transaction().execute((trx) => writes.deleteMedia(trx, { scope: ctx.scope, id, userId }));
  await removeQuietly(ctx.store.files, storedKeys(row), ctx.log);
  return { message: MEDIA_MESSAGES.deleted };
}
