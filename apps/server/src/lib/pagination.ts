import { sql, type Expression, type SqlBool } from 'kysely';
import type { PageMeta } from '@app/shared/schemas/list.schema';

/** The numbers of one page of a list (Laravel's paginator: from/to are 1-based, null when empty). */
export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const offset = (page - 1) * perPage;
  const onPage = Math.max(0, Math.min(perPage, total - offset));
  return {
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from: onPage > 0 ? offset + 1 : null,
    to: onPage > 0 ? offset + onPage : null,
  };
}

/**
 * Case-insensitive "contains" on a column, identical on SQLite and PostgreSQL: LIKE wildcards in
 * the search term are escaped so they match literally.
 */
export function containsText(column: string, term: string): Expression<SqlBool> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
