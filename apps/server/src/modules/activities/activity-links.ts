import type { Kysely } from 'kysely';
import type { ActivitySubjectType } from '@app/shared/schemas/activity.schema';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

/**
 * Where each kind of record lives in the dashboard, for the records of one page of the log that
 * still exist (and, for a child and what belongs to a child, are not in the trash). One query per
 * kind for the page's ids, never one per entry; a kind without a screen (an export) has no link.
 */
type Resolver = (db: Db, ids: number[]) => Promise<Map<number, string>>;

function byId<R extends { id: number }>(rows: R[], path: (row: R) => string): Map<number, string> {
  return new Map(rows.map((r) => [r.id, path(r)]));
}

const RESOLVERS: Partial<Record<ActivitySubjectType, Resolver>> = {
  orphan: async (db, ids) =>
    byId(await db.selectFrom('orphans').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute(), (r) => `/dashboard/orphans/${r.id}`),

  result: async (db, ids) =>
    byId(
      await db
        .selectFrom('results')
        .innerJoin('orphans', 'orphans.id', 'results.orphan_id')
        .select('results.id')
        .where('results.id', 'in', ids)
        .where('orphans.deleted_at', 'is', null)
        .execute(),
      (r) => `/dashboard/results/${r.id}`,
    ),

  // Attendance has no page of its own: the list opened on that child's month.
  attendance: async (db, ids) =>
    byId(
      await db
        .selectFrom('attendances')
        .innerJoin('orphans', 'orphans.id', 'attendances.orphan_id')
        .select(['attendances.id', 'attendances.orphan_id', 'attendances.month', 'attendances.year'])
        .where('attendances.id', 'in', ids)
        .where('orphans.deleted_at', 'is', null)
        .execute(),
      (r) => `/dashboard/attendance?${new URLSearchParams({ orphan_id: String(r.orphan_id), month: String(r.month), year: String(r.year) })}`,
    ),

  // A gallery item: the gallery opened on its child's media.
  media: async (db, ids) =>
    byId(
      await db
        .selectFrom('media')
        .innerJoin('orphans', 'orphans.id', 'media.orphan_id')
        .select(['media.id', 'media.orphan_id'])
        .where('media.id', 'in', ids)
        .where('orphans.deleted_at', 'is', null)
        .execute(),
      (r) => `/dashboard/gallery?orphan_id=${r.orphan_id}`,
    ),

  // Users are one list: opened searching for the user's e-mail, which names one user.
  user: async (db, ids) =>
    byId(await db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute(), (r) => `/dashboard/users?${new URLSearchParams({ search: r.email })}`),

  role: async (db, ids) => byId(await db.selectFrom('roles').select('id').where('id', 'in', ids).execute(), () => '/dashboard/roles'),
  page: async (db, ids) => byId(await db.selectFrom('pages').select('id').where('id', 'in', ids).execute(), () => '/dashboard/pages'),
  contact: async (db, ids) => byId(await db.selectFrom('contacts').select('id').where('id', 'in', ids).execute(), () => '/dashboard/contacts'),
};

/** Records that are not rows (there is one set of settings): always there. */
const ALWAYS: Partial<Record<ActivitySubjectType, string>> = { settings: '/dashboard/settings' };

export interface LinkSubject {
  subject_type: string;
  subject_id: number | null;
}

/** The link of every entry of a page, in its order (null where the record is gone or has no screen). */
export async function linksFor(db: Db, entries: readonly LinkSubject[]): Promise<Array<string | null>> {
  const idsByType = new Map<string, Set<number>>();
  for (const e of entries) {
    if (e.subject_id === null || !(e.subject_type in RESOLVERS)) continue;
    let ids = idsByType.get(e.subject_type);
    if (!ids) idsByType.set(e.subject_type, (ids = new Set()));
    ids.add(e.subject_id);
  }
  const found = new Map<string, Map<number, string>>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      found.set(type, await RESOLVERS[type as ActivitySubjectType]!(db, [...ids]));
    }),
  );
  return entries.map((e) => {
    const always = ALWAYS[e.subject_type as ActivitySubjectType];
    if (always) return always;
    return e.subject_id === null ? null : (found.get(e.subject_type)?.get(e.subject_id) ?? null);
  });
}
