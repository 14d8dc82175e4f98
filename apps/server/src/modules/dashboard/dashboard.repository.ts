import { preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import type { Kysely } from 'kysely';

/** The tables the overview's figures come from, by their version counters (migrations 0008, 0017, 0019). */
export const OVERVIEW_VERSIONS = ['orphans_version', 'attendances_version', 'results_version'] as const;

const versionsSum = preparedQuery<DB, [], { version: number | string | null }>((db) =>
  db
    .selectFrom('counters')
    .select((eb) => eb.fn.sum<number | string>('value').as('version'))
    .where('name', 'in', OVERVIEW_VERSIONS),
);

/**
 * A number that moves on with every change to children, attendance or results: the sum of their
 * versions, kept by triggers in the statement that changes them. Each only ever grows, so the
 * sum grows with any change, and figures computed at one value stay true while it is unchanged
 * (decision 0027's reasoning, for three tables).
 */
export async function readOverviewVersion(db: Kysely<DB>): Promise<number> {
  return Number((await versionsSum(db))[0]?.version ?? 0);
}
