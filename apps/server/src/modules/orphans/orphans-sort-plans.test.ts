import { CompiledQuery, sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { ORPHAN_SORTS } from '@app/shared/schemas/orphan.schema';
import { call, describeEachDatabase, loginAdmin } from '../../../test/harness.ts';
import { queryPlan } from '../../../test/query-plans.ts';
import type { DB } from '../../db/schema.ts';
import { countQuery, listPageQuery, type OrphanFilter } from './orphans-list.repository.ts';

/**
 * Every order the list offers is read from an index, never by sorting the table (migration 0010):
 * the plans of the statements the list really runs, on both databases. SQLite: no temporary
 * B-tree for ORDER BY and no scan of the table itself. PostgreSQL: with sequential scans and
 * sorts priced out (`enable_*`), a Sort or Seq Scan node can only mean no index gives the order.
 */

// An all-sites reader's list: the plans a one-site reader's list takes are the site plan test's.
const LIST: OrphanFilter = { words: [], trashed: false, scope: { all: true } };
const SEARCH: OrphanFilter = { words: ['ahmadi'], trashed: false, scope: { all: true } };
// A reader who may search every class's words, and one who may search some: the index serves both.
const SEARCH_ALL: OrphanFilter = { ...SEARCH, familyTokens: ['abcdefghijklmnopabcdefghijklmnop'], identityToken: 'ponmlkjihgfedcbaponmlkjihgfedcba' };
const SEARCH_FAMILY: OrphanFilter = { words: ['ahmadi', 'sch'], trashed: false, scope: { all: true }, familyTokens: ['abcdefghijklmnopabcdefghijklmnop', 'bcdefghijklmnopabcdefghijklmnopa'] };

describeEachDatabase('orphan list sort plans', (server, dialect) => {
  const plan = (query: Parameters<typeof queryPlan>[2]) => queryPlan(server().database.db, dialect, query);

  /** The failures a sort that is not read from an index shows in each database's plan. */
  const sortsRows = dialect === 'sqlite' ? /USE TEMP B-TREE|^SCAN orphans$/m : /\bSort\b|Seq Scan/;

  it('reads a page of every offered order from an index, at the start and deep into the list', async () => {
    for (const sort of ORPHAN_SORTS) {
      for (const offset of [0, 5000]) {
        const p = await plan(listPageQuery(server().database.db, dialect, LIST, sort, 10, offset));
        expect(p, `${sort} @${offset}:\n${p}`).not.toMatch(sortsRows);
        expect(p, sort).toMatch(dialect === 'sqlite' ? /USING (COVERING )?INDEX orphans_\w+_idx/ : /Index (Only )?Scan (Backward )?using orphans_\w+/);
      }
    }
  });

  it('pages a search that matches many children in every order exactly as sorting all its matches would', async () => {
    const token = await loginAdmin(server());
    const word = `zw${Date.now().toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const made: Array<Record<string, any>> = [];
    for (let i = 0; i < 14; i++) {
      const body = { first_name: ['Zia', 'Amin', 'Bahar'][i % 3], last_name: `${word} ${['Noori', 'Ahmadi'][i % 2]}`, dob: `2010-0${1 + (i % 7)}-1${i % 3}`, gender: 'female', admission_date: '2020-01-01' };
      made.push((await call(server(), 'POST', '/api/orphans', { token, body })).body.data);
    }
    const cmp = (keys: string[], desc: boolean) => (a: Record<string, any>, b: Record<string, any>) => {
      for (const k of keys) if (a[k] !== b[k]) return (a[k] < b[k] ? -1 : 1) * (desc ? -1 : 1);
      return 0;
    };
    const KEYS: Record<string, string[]> = { last_name: ['last_name', 'first_name', 'id'], first_name: ['first_name', 'last_name', 'id'], dob: ['dob', 'id'], admission_date: ['admission_date', 'id'], id: ['id'] };
    for (const sort of ORPHAN_SORTS) {
      const desc = sort.startsWith('-');
      const expected = [...made].sort(cmp(KEYS[desc ? sort.slice(1) : sort]!, desc)).map((o) => o.id);
      const got: number[] = [];
      for (const page of [1, 2, 3]) {
        const res = await call(server(), 'GET', `/api/orphans?search=${word}&sort=${sort}&per_page=5&page=${page}`, { token });
        expect(res.body.total, sort).toBe(14);
        got.push(...res.body.data.map((r: { id: number }) => r.id));
      }
      expect(got, sort).toEqual(expected);
    }
  });

  it('finds a search that matches a few children through the search index, never by reading the table', async () => {
    for (const filter of [SEARCH, SEARCH_ALL, SEARCH_FAMILY, { words: ['42'], trashed: false, scope: { all: true } } as OrphanFilter]) {
      for (const sort of ORPHAN_SORTS) {
        const p = await plan(listPageQuery(server().database.db, dialect, filter, sort, 10, 0));
        // The matches come from the search index; sorting them (a page's worth of a few) is allowed, a scan of the table is not.
        expect(p, `${sort}:\n${p}`).not.toMatch(dialect === 'sqlite' ? /^SCAN orphans( USING (COVERING )?INDEX \w+)?$/m : /Seq Scan/);
        if (dialect === 'sqlite') expect(p).toMatch(/VIRTUAL TABLE/);
      }
    }
  });

  let filled = false;
  /** Enough children, analysed, that the planner weighs the search index as a full table would. */
  async function fillForPlans(db: Kysely<DB>) {
    if (filled) return;
    filled = true;
    const site_id = (await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    for (let start = 0; start < 4000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        return { first_name: `Plan${i}`, last_name: `Filler${i % 40}`, dob: '2012-01-01', birthday: '01-01', gender: 'male', admission_date: '2020-01-01', status: 'active', search_text: `plan${i} filler${i % 40}`, search_family: `fa${i}`, search_identity: `sch ${i} sch${i}`, site_id, created_at: now, updated_at: now };
      });
      await db.insertInto('orphans').values(rows).execute();
    }
    await sql`analyze orphans`.execute(db);
  }

  it('counts a search of any reader\'s texts from the search index itself', async () => {
    const db = server().database.db;
    for (const filter of [SEARCH, SEARCH_ALL, SEARCH_FAMILY]) {
      if (dialect === 'sqlite') {
        expect(await plan(countQuery(db, dialect, filter))).toMatch(/VIRTUAL TABLE/);
        continue;
      }
      // A small table's cheapest plan walks any index; with plain index scans priced out too, the
      // search's expression must be the GIN index's own for that index to serve it.
      await fillForPlans(db);
      const q = countQuery(db, dialect, filter).compile();
      const p = await db.connection().execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn);
        await sql`set enable_indexscan = off`.execute(conn);
        try {
          return (await conn.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]))).rows.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(conn);
          await sql`reset enable_indexscan`.execute(conn);
        }
      });
      expect(p, p).toMatch(/Bitmap Index Scan on orphans_search_idx/);
    }
  });
});
