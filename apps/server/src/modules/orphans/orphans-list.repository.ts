import { sql, type SelectQueryBuilder } from 'kysely';
import { GENDERS, GRADES, MAX_ID } from '@app/shared/constants';
import type { OrphanSort } from '@app/shared/schemas/orphan.schema';
import type { Dialect } from '../../config.ts';
import { ReusedReading, type LocalChanges } from '../../db/local-changes.ts';
import { arg, databaseIdentity, preparedQuery, preparedShapes } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor, OrphanRow } from './orphans.repository.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';

/**
 * Reading the orphan list, the trash and the selector: filters, totals, search, pages. Totals come
 * from counters where they can (kept by triggers, migration 0006), pages from the list indexes
 * (migrations 0009, 0010: one per order the list offers), searches from the search index; search
 * results and pages are kept while no child changes (decisions 0008, 0009).
 */

export const LIST_COLUMNS = [
  'id', 'first_name', 'last_name', 'father_name', 'grandfather_name', 'dob', 'gender',
  'class_grade', 'admission_date', 'status', 'photo_thumb_path', 'deleted_at',
] as const;
export type OrphanListRow = Pick<OrphanRow, (typeof LIST_COLUMNS)[number]>;

export interface OrphanFilter {
  /** Folded search words; each must be a prefix of a word of `search_text` (or, alone and all digits, the record id). */
  words: string[];
  class_grade?: string;
  gender?: string;
  admission_from?: string;
  admission_to?: string;
  /** true: only children in the trash; false: only those outside it. */
  trashed: boolean;
}

const ORDER: Record<string, ReadonlyArray<'last_name' | 'first_name' | 'id' | 'admission_date' | 'dob'>> = {
  last_name: ['last_name', 'first_name', 'id'],
  first_name: ['first_name', 'last_name', 'id'],
  admission_date: ['admission_date', 'id'],
  dob: ['dob', 'id'],
  id: ['id'],
};

const COUNTER = 'orphans';
/** Per gender-and-grade counts of children outside the trash, named as migration 0006's triggers name them. */
const groupCounter = (gender: string, grade: string | null) => `orphans:${gender}:${grade ?? ''}`;

// ---------------------------------------------------------------------------------------------
// Filtered reads are compiled once per form (db/prepared-query.ts): the form says which filters
// are set, the values go to fixed argument slots.

const SLOT = { gender: 0, grade: 1, from: 2, to: 3, search: 4, limit: 5, offset: 6, id: 7, matches: 8, words: 9 } as const;

interface FilterShape {
  trashed: boolean;
  gender: boolean;
  grade: boolean;
  from: boolean;
  to: boolean;
  /** Number of search words (0: no search). */
  words: number;
  /** The search is one number, which may also be a record id (the list's ID column). */
  id: boolean;
  /**
   * A search's page read by walking the sort's index and keeping the search's matches, passed in
   * as kept (LIMIT/OFFSET), instead of sorting every match (see searchPage).
   */
  walk: boolean;
}

/** The record id a search names: one word of digits within the id range, else null. */
function searchedId(f: OrphanFilter): number | null {
  const [word, ...more] = f.words;
  return word && !more.length && /^\d{1,10}$/.test(word) && Number(word) >= 1 && Number(word) <= MAX_ID ? Number(word) : null;
}

const shapeOf = (f: OrphanFilter, walk = false): FilterShape => ({
  trashed: f.trashed,
  gender: !!f.gender,
  grade: !!f.class_grade,
  from: !!f.admission_from,
  to: !!f.admission_to,
  words: f.words.length,
  id: searchedId(f) !== null,
  walk,
});
const shapeKey = (s: FilterShape) => `${+s.trashed}${+s.gender}${+s.grade}${+s.from}${+s.to}:${s.words}${+s.id}${+s.walk}`;

// Words hold only letters, digits and combining marks (searchWords), so quoting cannot break out.
const ftsQuery = (words: string[]) => words.map((w) => `"${w}"*`).join(' ');
const tsQuery = (words: string[]) => words.map((w) => `'${w}':*`).join(' & ');

/** The values of a query's argument slots; `matches` (a walking search's, see matchesArg) only where the query takes them. */
function filterArgs(dialect: Dialect, f: OrphanFilter, limit = 0, offset = 0, matches: unknown = null): unknown[] {
  const args: unknown[] = [];
  args[SLOT.gender] = f.gender ?? null;
  args[SLOT.grade] = f.class_grade ?? null;
  args[SLOT.from] = f.admission_from ?? null;
  args[SLOT.to] = f.admission_to ?? null;
  args[SLOT.search] = f.words.length ? (dialect === 'postgres' ? tsQuery(f.words) : ftsQuery(f.words)) : null;
  args[SLOT.limit] = limit;
  args[SLOT.offset] = offset;
  args[SLOT.id] = searchedId(f);
  args[SLOT.matches] = matches;
  f.words.forEach((w, i) => (args[SLOT.words + i] = `% ${w}%`));
  return args;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the helper serves any selection over orphans
type OrphanQuery = SelectQueryBuilder<DB, 'orphans', any>;

function applyFilter<Q extends OrphanQuery>(qb: Q, dialect: Dialect, s: FilterShape): Q {
  let q: OrphanQuery = s.trashed ? qb.where('deleted_at', 'is not', null) : qb.where('deleted_at', 'is', null);
  if (s.gender) q = q.where('gender', '=', arg<string>(SLOT.gender));
  if (s.grade) q = q.where('class_grade', '=', arg<string>(SLOT.grade));
  if (s.from) q = q.where('admission_date', '>=', arg<string>(SLOT.from));
  if (s.to) q = q.where('admission_date', '<=', arg<string>(SLOT.to));
  if (s.words) q = q.where(searchCondition(dialect, s));
  return q as Q;
}

/**
 * The search condition. Outside the trash: the search index (FTS5 / tsvector GIN), which holds
 * only those children. In the trash (a handful of rows, found by its own index): word-prefix
 * LIKE over `search_text`, whose words are single-space separated. A search that is one number
 * also finds the child with that id.
 *
 * A walking page (FilterShape.walk) takes the search's matches as found and kept before
 * (searchMatches): matching a word costs the search index about a microsecond per match, which a
 * page need not pay again. On SQLite `+orphans.id` keeps the planner from fetching those ids and
 * sorting them: it walks the sort's index, keeps the matches (a lookup set built once per
 * statement) and stops after the page.
 */
function searchCondition(dialect: Dialect, s: FilterShape) {
  if (s.walk) {
    return dialect === 'postgres'
      ? sql<boolean>`orphans.id = any(${arg<number[]>(SLOT.matches)}::integer[])`
      : sql<boolean>`+orphans.id in (select value from json_each(${arg<string>(SLOT.matches)}))`;
  }
  const byId = (c: ReturnType<typeof sql<boolean>>) => (s.id ? sql<boolean>`(${c} or orphans.id = ${arg<number>(SLOT.id)})` : c);
  if (s.trashed) {
    const words = Array.from({ length: s.words }, (_, i) => sql`(' ' || search_text) like ${arg<string>(SLOT.words + i)}`);
    return byId(sql<boolean>`(${sql.join(words, sql` and `)})`);
  }
  if (dialect === 'postgres') return byId(sql<boolean>`to_tsvector('simple', search_text) @@ to_tsquery('simple', ${arg<string>(SLOT.search)})`);
  return byId(sql<boolean>`orphans.id in (select rowid from orphans_fts where orphans_fts match ${arg<string>(SLOT.search)})`);
}

/** Order a query as the list sorts: `sort` names the keys, a leading '-' reverses them. */
function applyOrder<Q extends OrphanQuery>(qb: Q, sort: OrphanSort): Q {
  const desc = sort.startsWith('-');
  let q: OrphanQuery = qb;
  for (const k of ORDER[desc ? sort.slice(1) : sort] ?? ORDER.last_name!) q = q.orderBy(k, desc ? 'desc' : 'asc');
  return q as Q;
}

const isUnfiltered = (f: OrphanFilter) => !f.trashed && !f.words.length && !f.gender && !f.class_grade && !f.admission_from && !f.admission_to;
const onlyGenderGrade = (f: OrphanFilter) => !f.trashed && !f.words.length && !f.admission_from && !f.admission_to;

const counterValue = preparedQuery<DB, [string], { value: number }>((db) => db.selectFrom('counters').select('value').where('name', '=', arg<string>(0)));
const counterSum = preparedShapes<DB, number, { n: number | string | null }>(String, (db, names) =>
  db
    .selectFrom('counters')
    .select((eb) => eb.fn.sum<number | string | null>('value').as('n'))
    .where('name', 'in', Array.from({ length: names }, (_, i) => arg<string>(i))),
);
const filteredCount = preparedShapes<DB, { dialect: Dialect; shape: FilterShape }, { n: number | string }>(
  ({ shape }) => shapeKey(shape),
  (db, { dialect, shape }) => applyFilter(db.selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')), dialect, shape),
);

/** The number of children a filter (without search words: see orphanPage) selects. */
async function countOrphans(db: Executor, dialect: Dialect, f: OrphanFilter): Promise<number> {
  if (isUnfiltered(f)) return activeCount(db);
  if (onlyGenderGrade(f)) {
    const genders = f.gender ? [f.gender] : GENDERS;
    const grades: Array<string | null> = f.class_grade ? [f.class_grade] : [...GRADES, null];
    const names = genders.flatMap((g) => grades.map((c) => groupCounter(g, c)));
    const [row] = await counterSum(db, names.length, names);
    return Number(row?.n ?? 0);
  }
  const [row] = await filteredCount(db, { dialect, shape: shapeOf(f) }, filterArgs(dialect, f));
  return Number(row!.n);
}

export async function activeCount(db: Executor): Promise<number> {
  return Number((await counterValue(db, COUNTER))[0]?.value ?? 0);
}

/**
 * One page of a list (or of a walking search) as a query, values at their argument slots. The list
 * indexes hold the sort keys (migrations 0009, 0010): the rows skipped before a page come from the
 * index alone, the page's own rows by id.
 */
function buildListQuery(db: Executor, dialect: Dialect, shape: FilterShape, sort: OrphanSort) {
  return applyOrder(applyFilter(db.selectFrom('orphans').select(LIST_COLUMNS), dialect, shape), sort)
    .limit(arg<number>(SLOT.limit))
    .offset(arg<number>(SLOT.offset));
}

const listQuery = preparedShapes<DB, { dialect: Dialect; shape: FilterShape; sort: OrphanSort }, OrphanListRow>(
  ({ shape, sort }) => `${shapeKey(shape)}:${sort}`,
  (db, { dialect, shape, sort }) => buildListQuery(db, dialect, shape, sort),
);

/**
 * The query a page of the list runs and the values for its `arg` slots, for checking its plan
 * (orphans-sort-plans.test.ts); `walk` as searchPage would choose for a large search.
 */
export function listPageQuery(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort, limit: number, offset: number, matches?: number[]) {
  return { query: buildListQuery(db, dialect, shapeOf(f, !!matches), sort), args: filterArgs(dialect, f, limit, offset, matches && matchesArg(dialect, matches)) };
}

/** A search's matches as a walking page's argument: a JSON array for SQLite's json_each, an array for PostgreSQL. */
const matchesArg = (dialect: Dialect, ids: number[]) => (dialect === 'postgres' ? ids : JSON.stringify(ids));

/** The query that sorts every match of a (small) search, for checking its plan like listPageQuery. */
export function searchIdsQueryOf(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort) {
  return { query: buildSearchIds(db, dialect, shapeOf(f), sort), args: filterArgs(dialect, f) };
}

// A search: every match's id in list order (kept per version), then one page of rows.
function buildSearchIds(db: Executor, dialect: Dialect, shape: FilterShape, sort: OrphanSort) {
  return applyOrder(applyFilter(db.selectFrom('orphans').select('id'), dialect, shape), sort);
}
const searchIdsQuery = preparedShapes<DB, { dialect: Dialect; shape: FilterShape; sort: OrphanSort }, { id: number }>(
  ({ shape, sort }) => `${shapeKey(shape)}:${sort}`,
  (db, { dialect, shape, sort }) => buildSearchIds(db, dialect, shape, sort),
);
const rowsByIds = preparedShapes<DB, { count: number; trashed: boolean }, OrphanListRow>(
  ({ count, trashed }) => `${count}:${+trashed}`,
  (db, { count, trashed }) =>
    db
      .selectFrom('orphans')
      .select(LIST_COLUMNS)
      .where('id', 'in', Array.from({ length: count }, (_, i) => arg<number>(i)))
      .where('deleted_at', trashed ? 'is not' : 'is', null),
);

/**
 * What this process keeps per database (decision 0009): a search's sorted ids (a page is a slice,
 * ≤ 1,000,000 ids ≈ 8 MB; up to 2,000 searches, so that staff searching a few dozen names in each
 * order the list offers still find them kept), a search's matches (the same bound) and list pages
 * with their totals (≤ 20,000 rows). All are valid only
 * at the `orphans_version` they were read at, which every read takes first — or, where this
 * process makes every write, the version it read last, while no write was made since and for at
 * most REUSE_MS (db/local-changes.ts): a kept page then costs no database read at all.
 */
interface Kept {
  searches: VersionedCache<number[]>;
  /** Every match of a search (with its filters), by id, with the argument a walking page takes. */
  matches: VersionedCache<{ ids: number[]; arg: unknown }>;
  pages: VersionedCache<{ total: number; rows: OrphanListRow[] }>;
  version: ReusedReading<number>;
}
const keptByDatabase = new WeakMap<object, Kept>();

function keptFor(db: Executor): Kept {
  const identity = databaseIdentity(db);
  let kept = keptByDatabase.get(identity);
  if (!kept) {
    kept = {
      searches: new VersionedCache((ids) => ids.length, 2_000, 1_000_000),
      matches: new VersionedCache((m) => m.ids.length, 200, 1_000_000),
      pages: new VersionedCache((page) => page.rows.length + 1, 2_000, 20_000),
      version: new ReusedReading(),
    };
    keptByDatabase.set(identity, kept);
  }
  return kept;
}

/** Read before anything else: a change made meanwhile makes what follows stale at once, never hidden. */
function orphansVersion(db: Executor, changes: LocalChanges | undefined): Promise<number> {
  return keptFor(db).version.get(changes, () => readOrphansVersion(db));
}

async function readOrphansVersion(db: Executor): Promise<number> {
  return Number((await counterValue(db, 'orphans_version'))[0]?.value ?? 0);
}

const keyOf = (shape: FilterShape, sort: OrphanSort, args: unknown[]) => `${shapeKey(shape)}:${sort}:${JSON.stringify(args)}`;

async function searchIds(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort, version: number): Promise<number[]> {
  const shape = shapeOf(f);
  const args = filterArgs(dialect, f);
  return keptFor(db).searches.getOrLoad(keyOf(shape, sort, args), version, async () =>
    (await searchIdsQuery(db, { dialect, shape, sort }, args)).map((r) => r.id),
  );
}

async function listPage(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort, limit: number, offset: number, version: number): Promise<{ total: number; rows: OrphanListRow[] }> {
  const shape = shapeOf(f);
  const args = filterArgs(dialect, f, limit, offset);
  return keptFor(db).pages.getOrLoad(keyOf(shape, sort, args), version, async () => {
    const total = await countOrphans(db, dialect, f);
    return { total, rows: total > offset ? await listQuery(db, { dialect, shape, sort }, args) : [] };
  });
}

/** Every child a search (with its filters) matches, by id: found once per version. */
async function searchMatches(db: Executor, dialect: Dialect, f: OrphanFilter, version: number): Promise<{ ids: number[]; arg: unknown }> {
  const shape = shapeOf(f);
  const args = filterArgs(dialect, f);
  return keptFor(db).matches.getOrLoad(keyOf(shape, 'id', args), version, async () => {
    const ids = (await searchIdsQuery(db, { dialect, shape, sort: 'id' }, args)).map((r) => r.id);
    return { ids, arg: matchesArg(dialect, ids) };
  });
}

/** A search's page walking the sort's index (kept like a list page; the key leaves the matches out, the search names them). */
async function walkedPage(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort, limit: number, offset: number, version: number, matches: { ids: number[]; arg: unknown }) {
  const shape = shapeOf(f, true);
  return keptFor(db).pages.getOrLoad(keyOf(shape, sort, filterArgs(dialect, f, limit, offset)), version, async () => ({
    total: matches.ids.length,
    rows: await listQuery(db, { dialect, shape, sort }, filterArgs(dialect, f, limit, offset, matches.arg)),
  }));
}

/**
 * Sorting a search's every match costs about twenty times stepping over one entry of a sort index
 * (measured at 100,000 children: 984 matches sorted in 850–1,300 µs; a page walking 3,000 index
 * entries and keeping the matches in 150–230 µs).
 */
const SORT_COST_IN_STEPS = 20;

/** The orders a search's page may walk (see searchPage); the id orders need neither: the matches are kept by id. */
const WALKS_BY: Partial<Record<OrphanSort, true>> = { dob: true, '-dob': true, admission_date: true, '-admission_date': true };

/**
 * A page of a search, read the cheaper way. Its matches are found once per version (the total is
 * their number). Sorting them all costs in proportion to the matches, which grow with the table;
 * walking the sort's index until the page is full costs about (offset + limit) × children /
 * matches steps, which does not. So a search that matches many children walks (its page then
 * comes from the sort's index like a list page), and one that matches a few sorts them and keeps
 * the sorted ids for the pages after. Only plain searches walk: with other filters each step
 * would read a row. And never in a name order: a search's words are mostly names, so its matches
 * sit together in that order, not spread over it, and the walk may cross nearly the whole index
 * before reaching them (searching 'ahmadi' by last name descending: 3–6 ms at 100,000 children).
 */
async function searchPage(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort, limit: number, offset: number, version: number): Promise<{ total: number; rows: OrphanListRow[] }> {
  const matches = await searchMatches(db, dialect, f, version);
  const total = matches.ids.length;
  if (offset >= total) return { total, rows: [] };
  const plain = !f.trashed && !f.gender && !f.class_grade && !f.admission_from && !f.admission_to;
  if (plain && WALKS_BY[sort] && ((offset + limit) * (await activeCount(db))) / total < SORT_COST_IN_STEPS * total) {
    return walkedPage(db, dialect, f, sort, limit, offset, version, matches);
  }
  let page: number[];
  if (sort === 'id') page = matches.ids.slice(offset, offset + limit);
  else if (sort === '-id') page = matches.ids.slice(Math.max(0, total - offset - limit), total - offset).reverse();
  else page = (await searchIds(db, dialect, f, sort, version)).slice(offset, offset + limit);
  const found = new Map((await rowsByIds(db, { count: page.length, trashed: f.trashed }, page)).map((r) => [r.id, r]));
  // A child changed since the search was kept is left out of this page (the next one re-searches).
  return { total, rows: page.flatMap((id) => found.get(id) ?? []) };
}

/** One page of the list (or the trash) and its total; `changes` lets a version read be reused (see Kept). */
export async function orphanPage(
  db: Executor,
  dialect: Dialect,
  f: OrphanFilter,
  sort: OrphanSort,
  limit: number,
  offset: number,
  changes?: LocalChanges,
): Promise<{ total: number; rows: OrphanListRow[] }> {
  const version = await orphansVersion(db, changes);
  return f.words.length ? searchPage(db, dialect, f, sort, limit, offset, version) : listPage(db, dialect, f, sort, limit, offset, version);
}

const selectorQuery = preparedShapes<DB, { dialect: Dialect; shape: FilterShape }, Pick<OrphanRow, 'id' | 'first_name' | 'last_name' | 'father_name' | 'class_grade'>>(
  ({ shape }) => shapeKey(shape),
  (db, { dialect, shape }) =>
    applyOrder(applyFilter(db.selectFrom('orphans').select(['id', 'first_name', 'last_name', 'father_name', 'class_grade']), dialect, shape), 'last_name'),
);

export async function selectorRows(db: Executor, dialect: Dialect, f: OrphanFilter) {
  return selectorQuery(db, { dialect, shape: shapeOf(f) }, filterArgs(dialect, f));
}

