import { MEDIA_MESSAGES } from '@app/shared/schemas/media.schema';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowAfter, nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { findActiveOrphan, type SiteScope } from '../orphans/orphans.service.ts';
import {
  deleteMediaRecord,
  findMediaRecord,
  insertMediaRecord,
  updateMediaRecord,
  type MediaRecord,
  type MediaRecordUpdate,
  type NewMediaRecord,
} from './gallery.repository.ts';
import { TRANSCODE_JOB } from './jobs.writes.ts';

/**
 * Every change to a gallery item, each with its activity-log entry in the same transaction; the
 * service stores and removes files around them (storage marks make that all-or-nothing).
 */

function logMedia(trx: Kysely<DB>, userId: number | null, action: string, row: MediaRecord, properties?: Record<string, unknown>) {
  return logActivity(trx, {
    userId,
    type: row.media_type === 'document' ? 'document' : 'other',
    action,
    subjectType: 'media',
    subjectId: row.id,
    childId: row.orphan_id,
    name: row.title,
    properties: { orphan_id: row.orphan_id, media_type: row.media_type, ...properties },
  });
}

async function requireActiveOrphan(trx: Kysely<DB>, scope: SiteScope, orphanId: number): Promise<void> {
  if (!(await findActiveOrphan(trx, scope, orphanId))) throw AppError.validation('orphan_id', MEDIA_MESSAGES.orphanNotFound);
}

async function queueTranscode(trx: Kysely<DB>, mediaId: number): Promise<void> {
  const now = nowIso();
  await trx.insertInto('jobs').values({ kind: TRANSCODE_JOB, media_id: mediaId, state: 'queued', run_after: now, created_at: now, updated_at: now, last_error: null, claimed_by: null, claimed_at: null }).execute();
}

/** The row of an uploaded file; a video also gets its transcode job, in the same transaction. */
export const insertMedia = async (trx: Transaction<DB>, { scope, values, userId, transcode }: { scope: SiteScope; values: NewMediaRecord; userId: number | null; transcode: boolean }): Promise<MediaRecord> => {
    await requireActiveOrphan(trx, scope, values.orphan_id);
    const row = await insertMediaRecord(trx, values);
    if (transcode) await queueTranscode(trx, row.id);
    await logMedia(trx, userId, 'created', row);
    return row;
  };

/** An item the caller may see: it exists and its child is not in the trash. */
async function visibleRecord(trx: Kysely<DB>, scope: SiteScope, id: number): Promise<MediaRecord> {
  const row = await findMediaRecord(trx, id);
  if (!row || !(await findActiveOrphan(trx, scope, row.orphan_id))) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  return row;
}

type EditableFields = Pick<MediaRecordUpdate, 'orphan_id' | 'title' | 'description' | 'tags' | 'date'>;
/** A checked file's columns (received-file.ts fileColumns). */
type FileColumns = Pick<NewMediaRecord, 'file_name' | 'mime_type' | 'size_bytes' | 'file_path' | 'display_path' | 'thumb_path' | 'status' | 'status_reason'>;

export const updateMedia = async (trx: Transaction<DB>, { scope, id, userId, values }: { scope: SiteScope; id: number; userId: number | null; values: EditableFields }): Promise<MediaRecord> => {
    const before = await visibleRecord(trx, scope, id);
    if (values.orphan_id !== undefined && values.orphan_id !== before.orphan_id) await requireActiveOrphan(trx, scope, values.orphan_id as number);
    const updated = await updateMediaRecord(trx, id, { ...values, updated_by: userId, updated_at: nowAfter(before.updated_at) });
    if (!updated) throw AppError.notFound(MEDIA_MESSAGES.notFound);
    // Field names only: the log is read by more people than the gallery.
    const changed = Object.keys(values).filter((k) => before[k as keyof MediaRecord] !== updated[k as keyof MediaRecord]);
    await logMedia(trx, userId, 'updated', updated, { changed });
    return updated;
  };

/**
 * A new file for an item, with any field edits: the row points to the new file alone — what was
 * made from the old one (poster, resolutions, a video's facts) is cleared — and a video's
 * transcode starts again. Answers the row as it was, read in this transaction, whose files the
 * service removes once this has committed.
 */
export const replaceMediaFile = async (trx: Transaction<DB>, { scope, id, userId, values, file, transcode }: { scope: SiteScope; id: number; userId: number | null; values: EditableFields; file: FileColumns; transcode: boolean }): Promise<{ before: MediaRecord; after: MediaRecord }> => {
    // The old file's unfinished jobs go first: a worker recording a rendition of it either did so
    // before (and `before` holds it) or finds its job gone (jobs.writes.ts recordRendition).
    await trx.deleteFrom('jobs').where('media_id', '=', id).where('state', 'in', ['queued', 'running']).execute();
    const before = await visibleRecord(trx, scope, id);
    if (values.orphan_id !== undefined && values.orphan_id !== before.orphan_id) await requireActiveOrphan(trx, scope, values.orphan_id as number);
    const after = await updateMediaRecord(trx, id, {
      ...values,
      ...file,
      poster_path: null,
      video_360p_path: null,
      video_720p_path: null,
      video_1080p_path: null,
      video_360p_bytes: null,
      video_720p_bytes: null,
      video_1080p_bytes: null,
      width: null,
      height: null,
      duration: null,
      updated_by: userId,
      updated_at: nowAfter(before.updated_at),
    });
    if (!after) throw AppError.notFound(MEDIA_MESSAGES.notFound);
    if (transcode) await queueTranscode(trx, id);
    const changed = Object.keys(values).filter((k) => before[k as keyof MediaRecord] !== after[k as keyof MediaRecord]);
    await logMedia(trx, userId, 'updated', after, { changed: [...changed, 'file'] });
    return { before, after };
  };

/** Removes the row (its jobs go with it); the service removes the files after. */
export const deleteMedia = async (trx: Transaction<DB>, { scope, id, userId }: { scope: SiteScope; id: number; userId: number | null }): Promise<MediaRecord> => {
  await visibleRecord(trx, scope, id);
  const row = await deleteMediaRecord(trx, id);
  if (!row) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  await logMedia(trx, userId, 'deleted', row);
  return row;
};
