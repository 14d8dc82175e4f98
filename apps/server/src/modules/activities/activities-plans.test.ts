import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ACTIVITY_SUBJECT_TYPES, ACTIVITY_TYPES } from '@app/shared/schemas/activity.schema';
import { describeEachDatabase } from '../../../test/harness.ts';
import { queryPlan } from '../../../test/query-plans.ts';
import { activityCountQuery, activityPageIdsQuery, activityRowsQuery, type ActivityFilter } from './activities.repository.ts';

/**
 * Every filtered page of the log, and its count, is read from one of migration 0018's indexes:
 * never a sort of the log, never a scan of the table (it only grows; 100,000 entries is a few
 * years). The plans of the statements GET /activities runs, on both databases, over a log of a
 * few thousand analysed entries (an empty table's plan says little about a full one's). SQLite:
 * no temporary B-tree and no plain `SCAN activities`. PostgreSQL: with sequential scans and sorts
 * priced out (`enable_*`), a Sort or Seq Scan node can only mean that no index serves the query.
 */

const ENTRIES = 6000;
const USERS = 20;

// The reader of every site; a one-site reader's log adds its sites' condition to the same walk.
const ALL = { all: true } as const;
const FILTERS: Array<[string, ActivityFilter]> = [
  ['none', { scope: ALL }],
  ['user', { user_id: 3, scope: ALL }],
  ['type', { type: 'orphan', scope: ALL }],
  ['record type', { subject_type: 'result', scope: ALL }],
  ['record', { subject_type: 'orphan', subject_id: 42, scope: ALL }],
  ['days', { date_from: '2025-03-01', date_to: '2025-03-31', scope: ALL }],
  ['from a day', { date_from: '2025-06-01', scope: ALL }],
  ['user and days', { user_id: 3, date_from: '2025-03-01', date_to: '2025-03-31', scope: ALL }],
  ['type and days', { type: 'user', date_from: '2025-01-01', date_to: '2025-02-15', scope: ALL }],
  ['record type and days', { subject_type: 'media', date_to: '2025-04-30', scope: ALL }],
  ['record and days', { subject_type: 'orphan', subject_id: 42, date_from: '2025-01-01', scope: ALL }],
  ['user and type', { user_id: 5, type: 'attendance', scope: ALL }],
];

describeEachDatabase('activity log plans', (server, dialect) => {
  beforeAll(async () => {
    const db = server().database.db;
    const now = new Date().toISOString();
    const userIds: number[] = [];
    for (let i = 0; i < USERS; i++) {
      const { id } = await db
        .insertInto('users')
        .values({ name: `Plan User ${i}`, email: `plan-user-${i}@test.org`, password: 'x', email_verified_at: now, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(id);
    }
    // A year of entries, spread over users, types, kinds and records.
    const start = Date.parse('2025-01-01T00:00:00Z');
    const step = Math.floor((365 * 86_400_000) / ENTRIES);
    const rows = Array.from({ length: ENTRIES }, (_, i) => ({
      user_id: userIds[i % USERS]!,
      type: ACTIVITY_TYPES[i % ACTIVITY_TYPES.length]!,
      action: 'updated',
      subject_type: ACTIVITY_SUBJECT_TYPES[(i * 7) % ACTIVITY_SUBJECT_TYPES.length]!,
      subject_id: (i % 500) + 1,
      name: `Entry ${i}`,
      properties: null,
      created_at: new Date(start + i * step).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('activities').values(rows.slice(i, i + 500)).execute();
    await sql`analyze`.execute(db);
  });

  const sortsOrScans = dialect === 'sqlite' ? /USE TEMP B-TREE|^SCAN activities$/m : /\bSort\b|Seq Scan/;
  const usesIndex = dialect === 'sqlite' ? /(SCAN|SEARCH) activities USING (COVERING )?INDEX activities_\w+_idx/ : /Index (Only )?Scan (Backward )?using activities_\w+_idx|Bitmap Index Scan on activities_\w+_idx/;

  it('reads every filtered page newest first from an index, at the start and deep into the log', async () => {
    const db = server().database.db;
    for (const [label, filter] of FILTERS) {
      for (const offset of [0, 2000]) {
        const p = await queryPlan(db, dialect, activityPageIdsQuery(db, filter, 25, offset));
        expect(p, `${label} @${offset}:\n${p}`).not.toMatch(sortsOrScans);
        expect(p, `${label} @${offset}:\n${p}`).toMatch(usesIndex);
      }
    }
  });

  it("reads the page's entries and their authors by primary key", async () => {
    const db = server().database.db;
    const p = await queryPlan(db, dialect, activityRowsQuery(db, Array.from({ length: 25 }, (_, i) => 100 + i * 37)));
    expect(p, p).not.toMatch(dialect === 'sqlite' ? /^SCAN (activities|users)/m : /Seq Scan/);
    expect(p, p).toMatch(dialect === 'sqlite' ? /SEARCH activities USING INTEGER PRIMARY KEY/ : /Index Scan using activities_pkey/);
  });

  it('counts every filtered total from an index', async () => {
    const db = server().database.db;
    for (const [label, filter] of FILTERS) {
      if (Object.keys(filter).length === 1) continue; // Only the (all-sites) scope: the whole log's count, see the repository.
      const p = await queryPlan(db, dialect, activityCountQuery(db, filter));
      expect(p, `${label}:\n${p}`).not.toMatch(sortsOrScans);
      expect(p, `${label}:\n${p}`).toMatch(usesIndex);
    }
  });
});
