import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Language } from '@app/shared/i18n/languages';
import { localiseMessage } from '@app/shared/i18n/localise';
import type { Permission } from '@app/shared/permissions';
import { ACTIVITY_TEXT, childRecordPermission, type ActivityListQuery, type ActivityListResponse, type ActivitySubjectType, type ActivityType, type ActivityView } from '@app/shared/schemas/activity.schema';
import type { DB } from '../../db/schema.ts';
import type { SiteScope } from '../sites/sites.service.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { activityUsers, listActivityRows, recentActivityRows, type ActivityRow } from './activities.repository.ts';
import { linksFor } from './activity-links.ts';

export { linkActivities, pathsById, type ActivityLinks } from './activity-links.ts';
import { entryMonth, type EntryMonth } from './activity-periods.ts';

export type { ActivityType } from '@app/shared/schemas/activity.schema';

export interface ActivityEntry {
  userId: number | null;
  type: ActivityType;
  action: string;
  /** One of the kinds the log's record filter offers (shared ACTIVITY_SUBJECT_TYPES). */
  subjectType: ActivitySubjectType;
  subjectId: number | null;
  /**
   * The child the entry is about: a child's own entry, or one about a child's result, month or
   * file. It keeps the entry to readers of the child's site, and lets a purge take the child's
   * name out of it. Null for an entry about no child (a class's month, a user, the settings).
   */
  childId?: number | null;
  /** What a person reads in Recent Activity, e.g. the child's full name. */
  name: string;
  properties?: Record<string, unknown>;
}

/**
 * The one activity log (docs/design-decisions.md). Call it inside the same transaction as the change it
 * records, so a change and its log entry are written together or not at all.
 */
export async function logActivity(db: Kysely<DB> | Transaction<DB>, entry: ActivityEntry): Promise<void> {
  // An entry about one record of a child's that names no child would reach readers of every site.
  if (childRecordPermission(entry.subjectType) && entry.subjectId !== null && entry.childId == null) throw new Error(`A ${entry.subjectType} entry names its child (childId)`);
  await db
    .insertInto('activities')
    .values({
      user_id: entry.userId,
      type: entry.type,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      orphan_id: entry.childId ?? null,
      name: entry.name.slice(0, 255),
      properties: entry.properties ? JSON.stringify(entry.properties) : null,
      created_at: nowIso(),
    })
    .execute();
}

/** Who reads the log: what they may view, and their language. */
export interface ActivityReader {
  may(permission: Permission): boolean;
  language: Language;
}

/**
 * The name an entry shows its reader: a child's record names nothing to a reader who may not view
 * it, and a purged child's entries read "a removed child", both in the reader's language.
 */
function shownName(r: { subject_type: string; name: string }, reader: ActivityReader): { name: string; hidden: boolean } {
  const needed = childRecordPermission(r.subject_type);
  if (needed && !reader.may(needed)) return { name: localiseMessage(ACTIVITY_TEXT.hiddenRecord, reader.language), hidden: true };
  if (r.name.startsWith(ACTIVITY_TEXT.removedChild)) return { name: localiseMessage(ACTIVITY_TEXT.removedChild, reader.language) + r.name.slice(ACTIVITY_TEXT.removedChild.length), hidden: false };
  return { name: r.name, hidden: false };
}

/**
 * A purged child leaves no name in the log: its own entries, and those of its results, months
 * and files (which begin with or carry its name), read "a removed child" instead. Runs in the
 * purge's transaction.
 */
export async function forgetChildInActivities(trx: Kysely<DB> | Transaction<DB>, child: { id: number; name: string }): Promise<void> {
  const removed = ACTIVITY_TEXT.removedChild;
  await trx.updateTable('activities').set({ name: removed }).where('orphan_id', '=', child.id).where('subject_type', '=', 'orphan').execute();
  await trx
    .updateTable('activities')
    .set({ name: sql<string>`replace(name, ${child.name}, ${removed})` })
    .where('orphan_id', '=', child.id)
    .where('subject_type', '<>', 'orphan')
    .execute();
}

/** Entries of Recent Activity as `reader` may see them (recentActivities without a reader answers them as stored). */
export function showActivities(entries: ActivityView[], reader: ActivityReader): ActivityView[] {
  return entries.map((e) => {
    const shown = shownName(e, reader);
    // A hidden record's month and count say as much about a child as its name.
    return shown.hidden ? { ...e, name: shown.name, period: null, child_count: null } : { ...e, name: shown.name };
  });
}

/** An entry's name, month and count as `reader` may see them (no reader: as stored). */
function shownEntry(r: ActivityRow, reader?: ActivityReader): EntryMonth & { hidden: boolean } {
  const parts = entryMonth(r);
  if (!reader) return { ...parts, hidden: false };
  const shown = shownName({ subject_type: r.subject_type, name: parts.name }, reader);
  return shown.hidden ? { name: shown.name, period: null, child_count: null, hidden: true } : { ...parts, name: shown.name, hidden: false };
}

/** The overview's Recent Activity: the newest entries, in the spec's shape, as `reader` may see them. */
export async function recentActivities(db: Kysely<DB>, scope: SiteScope, limit: number, reader?: ActivityReader): Promise<ActivityView[]> {
  const rows = await recentActivityRows(db, scope, limit);
  return rows.map((r) => {
    const { name, period, child_count } = shownEntry(r, reader);
    return {
      id: r.id,
      type: r.type,
      name,
      action: r.action,
      time: r.created_at,
      subject_type: r.subject_type,
      subject_id: r.subject_id,
      user: r.user_name ? { name: r.user_name } : null,
      period,
      child_count,
    };
  });
}

/** GET /activities: one page of the filtered log, newest first, each entry with its record's link. */
export async function listActivities(db: Kysely<DB>, scope: SiteScope, q: ActivityListQuery, reader: ActivityReader): Promise<ActivityListResponse> {
  const { page, per_page: perPage, ...filter } = q;
  const { rows, total } = await listActivityRows(db, { ...filter, scope }, perPage, (page - 1) * perPage);
  const links = await linksFor(db, rows);
  return {
    data: rows.map((r, i) => {
      const shown = shownEntry(r, reader);
      return {
      id: r.id,
      type: r.type,
      action: r.action,
      subject_type: r.subject_type,
      subject_id: r.subject_id,
      name: shown.name,
      user: r.user_id !== null && r.user_name !== null ? { id: r.user_id, name: r.user_name } : null,
      created_at: r.created_at,
      link: shown.hidden ? null : (links[i] ?? null),
      period: shown.period,
      child_count: shown.child_count,
      };
    }),
    ...pageMeta(total, page, perPage),
  };
}

export { activityUsers };
