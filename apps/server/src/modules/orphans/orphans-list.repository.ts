import { sql, type SelectQueryBuilder } from 'kysely';
import { MAX_ID } from '@app/shared/constants';
import type { OrphanSort } from '@app/shared/schemas/orphan.schema';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor, OrphanRow } from './orphans.repository.ts';
import { withinScope, type SiteScope } from './orphan-scope.ts';

/**
 * Reading the orphan list, the trash and the selector: filters, totals, search, pages. Pages come
 * from the list indexes (migrations 0009, 0010: one per order the list offers), searches from the
 * search index (FTS5 on SQLite, a GIN index on PostgreSQL); the plan tests prove both.
 */

export const LIST_COLUMNS = [
  'id', 'first_name', 'last_name', 'father_name', 'grandfather_name', 'dob', 'gender',
  'class_grade', 'admission_date', 'status', 'photo_thumb_path', 'deleted_at', 'site_id',
] as const;
export type OrphanListRow = Pick<OrphanRow, (typeof LIST_COLUMNS)[number]>;

export interface OrphanFilter {
  /**
   * Folded search words; each must be a prefix of a word of `search_text` or of a text of
   * `searchIn` (or, alone and all digits, the record id).
   */
  words: string[];
  /** The classes' texts the words may also match: those the reader may view (none when absent). */
  searchIn?: ReadonlyArray<SearchClass>;
  /** The words are one number that may find the record id only (a user who may not search identity numbers). */
  idOnly?: boolean;
  class_grade?: string;
  gender?: string;
  admission_from?: string;
  admission_to?: string;
  /** Only this site's children (one within `scope`: the service checks). */
  site_id?: number;
  /** true: only children in the trash; false: only those outside it. */
  trashed: boolean;
  /** The sites whose children the request reaches. */
  scope: SiteScope;
}

/** The classes whose words have a search text of their own (orphans/orphan-search-text.ts). */
export type SearchClass = 'family' | 'identity';
const SEARCH_COLUMN = { family: 'search_family', identity: 'search_identity' } as const;
// The weight each text has in the PostgreSQL search index (migration 0042): the names A.
const SEARCH_WEIGHT = { family: 'B', identity: 'C' } as const;

const ORDER: Record<string, ReadonlyArray<'last_name' | 'first_name' | 'id' | 'admission_date' | 'dob'>> = {
  last_name: ['last_name', 'first_name', 'id'],
  first_name: ['first_name', 'last_name', 'id'],
  admission_date: ['admission_date', 'id'],
  dob: ['dob', 'id'],
  id: ['id'],
};

/** The record id a search names: one word of digits within the id range, else null. */
function searchedId(f: OrphanFilter): number | null {
  const [word, ...more] = f.words;
  return word && !more.length && /^\d{1,10}$/.test(word) && Number(word) >= 1 && Number(word) <= MAX_ID ? Number(word) : null;
}

const ALL_SEARCH_CLASSES = Object.keys(SEARCH_COLUMN).length;
const searchesAll = (f: OrphanFilter) => new Set(f.searchIn).size === ALL_SEARCH_CLASSES;
const searchColumns = (f: OrphanFilter) => ['search_text', ...[...new Set(f.searchIn)].map((c) => SEARCH_COLUMN[c])];

// Words hold only letters, digits and combining marks (searchWords), so quoting cannot break out.
// A reader who may search every text matches any column (as before the texts were apart); any
// other has each word held to the columns of the texts they may search.
const ftsQuery = (f: OrphanFilter) => {
  const only = searchesAll(f) ? '' : `{${searchColumns(f).join(' ')}} : `;
  return f.words.map((w) => `${only}"${w}"*`).join(' ');
};
const tsQuery = (f: OrphanFilter) => {
  const only = searchesAll(f) ? '' : `A${[...new Set(f.searchIn)].map((c) => SEARCH_WEIGHT[c]).sort().join('')}`;
  return f.words.map((w) => `'${w}':*${only}`).join(' & ');
};
/** The PostgreSQL search index's expression (migration 0042), written as the index has it. */
const PG_SEARCH_VECTOR = sql`(setweight(to_tsvector('simple'::regconfig, search_text), 'A') || setweight(to_tsvector('simple'::regconfig, search_family), 'B') || setweight(to_tsvector('simple'::regconfig, search_identity), 'C'))`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the helper serves any selection over orphans
type OrphanQuery = SelectQueryBuilder<DB, 'orphans', any>;

function applyFilter<Q extends OrphanQuery>(qb: Q, dialect: Dialect, f: OrphanFilter): Q {
  let q: OrphanQuery = f.trashed ? qb.where('deleted_at', 'is not', null) : qb.where('deleted_at', 'is', null);
  if (f.gender) q = q.where('gender', '=', f.gender);
  if (f.class_grade) q = q.where('class_grade', '=', f.class_grade);
  if (f.admission_from) q = q.where('admission_date', '>=', f.admission_from);
  if (f.admission_to) q = q.where('admission_date', '<=', f.admission_to);
  if (f.site_id !== undefined) q = q.where('site_id', '=', f.site_id);
  if (f.words.length) q = q.where(searchCondition(dialect, f));
  return withinScope(q, f.scope) as Q;
}

/**
 * The search condition. Outside the trash: the search index (FTS5 / tsvector GIN), which holds
 * only those children. In the trash (a handful of rows, found by its own index): word-prefix
 * LIKE over the texts the reader may search, whose words are single-space separated. A search
 * that is one number also finds the child with that id.
 */
function searchCondition(dialect: Dialect, f: OrphanFilter) {
  const id = searchedId(f);
  if (f.idOnly) return sql<boolean>`orphans.id = ${id ?? 0}`;
  const byId = (c: ReturnType<typeof sql<boolean>>) => (id !== null ? sql<boolean>`(${c} or orphans.id = ${id})` : c);
  if (f.trashed) {
    const text = sql.join(searchColumns(f).map((c) => sql.ref(c)), sql` || ' ' || `);
    const words = f.words.map((w) => sql`(' ' || ${text}) like ${`% ${w}%`}`);
    return byId(sql<boolean>`(${sql.join(words, sql` and `)})`);
  }
  if (dialect === 'postgres') return byId(sql<boolean>`${PG_SEARCH_VECTOR} @@ to_tsquery('simple', ${tsQuery(f)})`);
  return byId(sql<boolean>`orphans.id in (select rowid from orphans_fts where orphans_fts match ${ftsQuery(f)})`);
}

/** Order a query as the list sorts: `sort` names the keys, a leading '-' reverses them. */
function applyOrder<Q extends OrphanQuery>(qb: Q, sort: OrphanSort): Q {
  const desc = sort.startsWith('-');
  let q: OrphanQuery = qb;
  for (const k of ORDER[desc ? sort.slice(1) : sort] ?? ORDER.last_name!) q = q.orderBy(k, desc ? 'desc' : 'asc');
  return q as Q;
}

/** One page of the list, the trash or a search, as a query (the plan tests run it as built here). */
export function listPageQuery(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort, limit: number, offset: number) {
  return applyOrder(applyFilter(db.selectFrom('orphans').select(LIST_COLUMNS), dialect, f), sort).limit(limit).offset(offset);
}

/** The number of children a filter selects, as a query (the plan tests run it as built here). */
export const countQuery = (db: Executor, dialect: Dialect, f: OrphanFilter) =>
  applyFilter(db.selectFrom('orphans').select((eb) => eb.fn.countAll<number | string>().as('n')), dialect, f);

/** The number of children a filter selects. */
export async function countOrphans(db: Executor, dialect: Dialect, f: OrphanFilter): Promise<number> {
  const row = await countQuery(db, dialect, f).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the list (or the trash) and its total. */
export async function orphanPage(db: Executor, dialect: Dialect, f: OrphanFilter, sort: OrphanSort, limit: number, offset: number): Promise<{ total: number; rows: OrphanListRow[] }> {
  const total = await countOrphans(db, dialect, f);
  return { total, rows: total > offset ? await listPageQuery(db, dialect, f, sort, limit, offset).execute() : [] };
}

export function selectorRows(db: Executor, dialect: Dialect, f: OrphanFilter) {
  return applyOrder(applyFilter(db.selectFrom('orphans').select(['id', 'first_name', 'last_name', 'father_name', 'class_grade', 'site_id']), dialect, f), 'last_name').execute();
}
