import type { Kysely, Transaction } from 'kysely';
import type { ActivityListQuery, ActivityListResponse, ActivitySubjectType, ActivityType, ActivityView } from '@app/shared/schemas/activity.schema';
import { arg, preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { activityUsers, listActivityRows, recentActivityRows } from './activities.repository.ts';
import { linksFor } from './activity-links.ts';

export type { ActivityType } from '@app/shared/schemas/activity.schema';

export interface ActivityEntry {
  userId: number | null;
  type: ActivityType;
  action: string;
  /** One of the kinds the log's record filter offers (shared ACTIVITY_SUBJECT_TYPES). */
  subjectType: ActivitySubjectType;
  subjectId: number | null;
  /** What a person reads in Recent Activity, e.g. the child's full name. */
  name: string;
  properties?: Record<string, unknown>;
}

/**
 * The one activity log (docs/design-decisions.md). Call it inside the same transaction as the change it
 * records, so a change and its log entry are written together or not at all.
 */
export async function logActivity(db: Kysely<DB> | Transaction<DB>, entry: ActivityEntry): Promise<void> {
  await insertActivity(
    db,
    entry.userId,
    entry.type,
    entry.action,
    entry.subjectType,
    entry.subjectId,
    entry.name.slice(0, 255),
    entry.properties ? JSON.stringify(entry.properties) : null,
    nowIso(),
  );
}

// Written with every change: built and compiled once (db/prepared-query.ts).
const insertActivity = preparedQuery<DB, [number | null, string, string, string, number | null, string, string | null, string], never>((db) =>
  db.insertInto('activities').values({
    user_id: arg(0),
    type: arg(1),
    action: arg(2),
    subject_type: arg(3),
    subject_id: arg(4),
    name: arg(5),
    properties: arg(6),
    created_at: arg(7),
  }),
);

/** The overview's Recent Activity: the newest entries, in the spec's shape. */
export async function recentActivities(db: Kysely<DB>, limit: number): Promise<ActivityView[]> {
  const rows = await recentActivityRows(db, limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    name: r.name,
    action: r.action,
    time: r.created_at,
    subject_type: r.subject_type,
    subject_id: r.subject_id,
    user: r.user_name ? { name: r.user_name } : null,
  }));
}

/** GET /activities: one page of the filtered log, newest first, each entry with its record's link. */
export async function listActivities(db: Kysely<DB>, q: ActivityListQuery): Promise<ActivityListResponse> {
  const { page, per_page: perPage, ...filter } = q;
  const { rows, total } = await listActivityRows(db, filter, perPage, (page - 1) * perPage);
  const links = await linksFor(db, rows);
  return {
    data: rows.map((r, i) => ({
      id: r.id,
      type: r.type,
      action: r.action,
      subject_type: r.subject_type,
      subject_id: r.subject_id,
      name: r.name,
      user: r.user_id !== null && r.user_name !== null ? { id: r.user_id, name: r.user_name } : null,
      created_at: r.created_at,
      link: links[i] ?? null,
    })),
    ...pageMeta(total, page, perPage),
  };
}

export { activityUsers };
