import type { Kysely } from 'kysely';
import type { ActivitySubjectType } from '@app/shared/schemas/activity.schema';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

/**
 * Where each kind of record lives in the dashboard, said by the feature that owns the kind
 * (`linkActivities` in its routes plugin): for the records of one page of the log that still
 * exist (and, for a child and what belongs to a child, are not in the trash), their screen's
 * path. One query per kind for the page's ids, never one per entry. A kind that is not one row
 * (the settings) links to one path; a kind without a screen (an export) has no link.
 */
export type ActivityLinks = (db: Db, ids: number[]) => Promise<Map<number, string>>;

const LINKS = new Map<string, ActivityLinks | string>();

/** The feature owning `kind` says where its entries link: a lookup of the records, or one path. */
export function linkActivities(kind: ActivitySubjectType, links: ActivityLinks | string): void {
  LINKS.set(kind, links);
}

/** Each record's path by id, for a lookup's rows. */
export function pathsById<R extends { id: number }>(rows: R[], path: (row: R) => string): Map<number, string> {
  return new Map(rows.map((r) => [r.id, path(r)]));
}

export interface LinkSubject {
  subject_type: string;
  subject_id: number | null;
}

/** The link of every entry of a page, in its order (null where the record is gone or has no screen). */
export async function linksFor(db: Db, entries: readonly LinkSubject[]): Promise<Array<string | null>> {
  const idsByType = new Map<string, Set<number>>();
  for (const e of entries) {
    if (e.subject_id === null || typeof LINKS.get(e.subject_type) !== 'function') continue;
    let ids = idsByType.get(e.subject_type);
    if (!ids) idsByType.set(e.subject_type, (ids = new Set()));
    ids.add(e.subject_id);
  }
  const found = new Map<string, Map<number, string>>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      found.set(type, await (LINKS.get(type) as ActivityLinks)(db, [...ids]));
    }),
  );
  return entries.map((e) => {
    const links = LINKS.get(e.subject_type);
    if (typeof links === 'string') return links;
    return e.subject_id === null ? null : (found.get(e.subject_type)?.get(e.subject_id) ?? null);
  });
}
