import { sql, type SelectQueryBuilder } from 'kysely';
import { MAX_ID } from '@app/shared/constants';
import type { OrphanSort } from '@app/shared/schemas/orphan.schema';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor, OrphanRow } from './orphans.repository.ts';
import { withinScope, type SiteScope } from './orphan-scope.ts';
import { openChildRow } from './orphan-sealing.ts';

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
   * Folded search words; each must be a prefix of a word of `search_text` or, given
   * `familyTokens`, a father's or grandfather's name word whole (or, alone and all digits, the
   * record id).
   */
  words: string[];
  /** For a reader who may search family names: each word's keyed token (orphan-search-text.ts), in `words` order. */
  familyTokens?: readonly string[];
  /** For a reader who may search id numbers: the keyed token of the whole search as a number; a child with that number is found too. */
  identityToken?: string | null;
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

// Words hold only letters, digits and combining marks (searchWords) and tokens only letters, so
// quoting cannot break out. Each word is a prefix of a name, or (for a holder of view-family) a
// family name's word whole by its token; the identity token, for a holder of view-identity, finds
// the child by a whole id number instead. On PostgreSQL the texts are weighted A (names), B
// (family tokens), C (identity tokens) in the index (migration 0042).
const ftsQuery = (f: OrphanFilter) => {
  const words = f.words
    .map((w, i) => (f.familyTokens ? `({search_text} : "${w}"* OR {search_family} : "${f.familyTokens[i]}")` : `{search_text} : "${w}"*`))
    .join(' AND ');
  return f.identityToken ? `(${words}) OR {search_identity} : "${f.identityToken}"` : words;
};
const tsQuery = (f: OrphanFilter) => {
  const words = f.words.map((w, i) => (f.familyTokens ? `('${w}':*A | '${f.familyTokens[i]}':B)` : `'${w}':*A`)).join(' & ');
  return f.identityToken ? `(${words}) | '${f.identityToken}':C` : words;
};
/** The trash's search: the same rules by LIKE over the texts' single-space separated words. */
const likeQuery = (f: OrphanFilter) => {
  const words = f.words.map((w, i) => {
    const name = sql<boolean>`(' ' || search_text) like ${`% ${w}%`}`;
    return f.familyTokens ? sql<boolean>`(${name} or (' ' || search_family || ' ') like ${`% ${f.familyTokens[i]} %`})` : name;
  });
  const all = sql<boolean>`(${sql.join(words, sql` and `)})`;
  return f.identityToken ? sql<boolean>`(${all} or (' ' || search_identity || ' ') like ${`% ${f.identityToken} %`})` : all;
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
  if (f.trashed) return byId(likeQuery(f));
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
  return { total, rows: total > offset ? (await listPageQuery(db, dialect, f, sort, limit, offset).execute()).map(openChildRow) : [] };
}

export async function selectorRows(db: Executor, dialect: Dialect, f: OrphanFilter) {
  return (await applyOrder(applyFilter(db.selectFrom('orphans').select(['id', 'first_name', 'last_name', 'father_name', 'class_grade', 'site_id']), dialect, f), 'last_name').execute()).map(openChildRow);
}
