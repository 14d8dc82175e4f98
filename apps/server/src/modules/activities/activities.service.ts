import type { Kysely, Transaction } from 'kysely';
import type { ActivityView } from '@app/shared/schemas/activity.schema';
import { arg, preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

export type ActivityType = 'orphan' | 'document' | 'event' | 'attendance' | 'user' | 'other';

export interface ActivityEntry {
  userId: number | null;
  type: ActivityType;
  action: string;
  subjectType: string;
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

export async function recentActivities(db: Kysely<DB>, limit: number): Promise<ActivityView[]> {
  const rows = await db
    .selectFrom('activities')
    .leftJoin('users', 'users.id', 'activities.user_id')
    .select([
      'activities.id', 'activities.type', 'activities.name', 'activities.action', 'activities.created_at',
      'activities.subject_type', 'activities.subject_id', 'users.name as user_name',
    ])
    .orderBy('activities.id', 'desc')
    .limit(limit)
    .execute();
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
