import { MEDIA_MESSAGES } from '@app/shared/schemas/media.schema';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { defineWrite } from '../../db/write-procedure.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowAfter, nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import {
  deleteMediaRecord,
  findActiveOrphan,
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
    name: row.title,
    properties: { orphan_id: row.orphan_id, media_type: row.media_type, ...properties },
  });
}

async function requireActiveOrphan(trx: Kysely<DB>, orphanId: number): Promise<void> {
  if (!(await findActiveOrphan(trx, orphanId))) throw AppError.validation('orphan_id', MEDIA_MESSAGES.orphanNotFound);
}

/** The row of an uploaded file; a video also gets its transcode job, in the same transaction. */
export const insertMedia = defineWrite(
  'gallery.insert',
  async (trx, { values, userId, transcode }: { values: NewMediaRecord; userId: number | null; transcode: boolean }): Promise<MediaRecord> => {
    await requireActiveOrphan(trx, values.orphan_id);
    const row = await insertMediaRecord(trx, values);
    if (transcode) {
      const now = nowIso();
      await trx.insertInto('jobs').values({ kind: TRANSCODE_JOB, media_id: row.id, state: 'queued', run_after: now, created_at: now, updated_at: now, last_error: null, claimed_by: null, claimed_at: null }).execute();
    }
    await logMedia(trx, userId, 'created', row);
    return row;
  },
);

/** An item the caller may see: it exists and its child is not in the trash. */
async function visibleRecord(trx: Kysely<DB>, id: number): Promise<MediaRecord> {
  const row = await findMediaRecord(trx, id);
  if (!row || !(await findActiveOrphan(trx, row.orphan_id))) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  return row;
}

export const updateMedia = defineWrite(
  'gallery.update',
  async (trx, { id, userId, values }: { id: number; userId: number | null; values: Pick<MediaRecordUpdate, 'orphan_id' | 'title' | 'description' | 'tags' | 'date'> }): Promise<MediaRecord> => {
    const before = await visibleRecord(trx, id);
    if (values.orphan_id !== undefined && values.orphan_id !== before.orphan_id) await requireActiveOrphan(trx, values.orphan_id as number);
    const updated = await updateMediaRecord(trx, id, { ...values, updated_by: userId, updated_at: nowAfter(before.updated_at) });
    if (!updated) throw AppError.notFound(MEDIA_MESSAGES.notFound);
    // Field names only: the log is read by more people than the gallery.
    const changed = Object.keys(values).filter((k) => before[k as keyof MediaRecord] !== updated[k as keyof MediaRecord]);
    await logMedia(trx, userId, 'updated', updated, { changed });
    return updated;
  },
);

/** Removes the row (its jobs go with it); the service removes the files after. */
export const deleteMedia = defineWrite('gallery.delete', async (trx, { id, userId }: { id: number; userId: number | null }): Promise<MediaRecord> => {
  await visibleRecord(trx, id);
  const row = await deleteMediaRecord(trx, id);
  if (!row) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  await logMedia(trx, userId, 'deleted', row);
  return row;
});
