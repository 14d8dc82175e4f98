import { CompiledQuery, sql, type Compilable, type Kysely } from 'kysely';
import type { Dialect } from '../src/config.ts';
import type { DB } from '../src/db/schema.ts';

/**
 * The plan of a query as each database would run it: SQLite's EXPLAIN QUERY PLAN lines, or
 * PostgreSQL's EXPLAIN with sequential scans and sorts priced out (`enable_*` off), so that a
 * Sort or Seq Scan node can only mean that no index serves the query.
 */
export async function queryPlan(db: Kysely<any>, dialect: Dialect, query: Compilable<unknown>): Promise<string> {
  const q = query.compile();
  if (dialect === 'sqlite') {
    const rows = (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows;
    return rows.map((r) => r.detail).join('\n');
  }
  return db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    await sql`set enable_sort = off`.execute(conn);
    try {
      const rows = (await conn.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]))).rows;
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
      await sql`reset enable_sort`.execute(conn);
    }
  });
}

/**
 * Children with twelve months of attendance and six results each, over four sites (their ids
 * returned), analysed, for the results and attendance plan tests: an empty table's plan says
 * little about a full one's.
 */
const CHILDREN = 1300;

export async function seedAcademics(db: Kysely<DB>): Promise<number[]> {
  const now = new Date().toISOString();
  // Spread over four sites, as the organisation's homes and college are: a site's plans read a quarter.
  const first = (await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const others = await db
    .insertInto('sites')
    .values([2, 3, 4].map((n) => ({ name: `Plan site ${n}`, kind: 'orphanage' as const, province: null, address: null, phone: null, active: 1, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  const sites = [first, ...others.map((r) => r.id)];
  const children = Array.from({ length: CHILDREN }, (_, i) => ({
    first_name: `First${i % 97}`, last_name: `Last${i % 89}`, dob: '2012-01-01', birthday: '01-01', gender: i % 2 ? 'male' : 'female',
    class_grade: String(i % 13), admission_date: '2020-01-01', status: 'active', search_text: `first${i} last${i}`, site_id: sites[i % 4]!, created_at: now, updated_at: now,
  }));
  const ids: number[] = [];
  for (let i = 0; i < children.length; i += 100) ids.push(...(await db.insertInto('orphans').values(children.slice(i, i + 100)).returning('id').execute()).map((r) => r.id));
  const months = ids.flatMap((orphan_id) =>
    Array.from({ length: 12 }, (_, m) => ({ orphan_id, year: 2025, month: m + 1, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, created_at: now, updated_at: now })),
  );
  for (let i = 0; i < months.length; i += 500) await db.insertInto('attendances').values(months.slice(i, i + 500)).execute();
  const results = ids.flatMap((orphan_id) =>
    Array.from({ length: 6 }, (_, k) => ({ orphan_id, result_type: 'education', subject: `S${k}`, term: 'Final', exam_date: `202${k % 3 + 3}-05-0${k + 1}`, year: 2023 + (k % 3), grade: 'A', total: 100, score: 80, average: 80, created_at: now, updated_at: now })),
  );
  for (let i = 0; i < results.length; i += 500) await db.insertInto('results').values(results.slice(i, i + 500)).execute();
  await sql`analyze`.execute(db);
  return sites;
}

