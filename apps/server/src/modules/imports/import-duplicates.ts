import { childImports } from '../orphans/orphans.service.ts';
import { childKey } from './orphan-import-fields.ts';
import type { Db } from './imports.repository.ts';

/**
 * The same child twice: a row whose key (folded names, father's name, date of birth) an earlier
 * row of the file has, or a child already kept in the site has. Read a chunk of rows at a time:
 * the site's children born on those rows' days, by the date-of-birth index.
 */
export class DuplicateFinder {
  private readonly firstRow = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly siteId: number,
  ) {}

  async find(rows: ReadonlyArray<{ number: number; key: string | undefined }>): Promise<Array<{ row: number | null; id: number | null }>> {
    const dobs = [...new Set(rows.flatMap((r) => (r.key ? [r.key.slice(r.key.lastIndexOf('\u0001') + 1)] : [])))];
    const kept = new Map<string, number>();
    for (let i = 0; i < dobs.length; i += 500) {
      for (const c of await childImports.siteChildrenBornOn(this.db, this.siteId, dobs.slice(i, i + 500))) {
        const key = childKey(c);
        if (!kept.has(key) || kept.get(key)! > c.id) kept.set(key, c.id);
      }
    }
    return rows.map((r) => {
      if (!r.key) return { row: null, id: null };
      const earlier = this.firstRow.get(r.key) ?? null;
      if (earlier === null) this.firstRow.set(r.key, r.number);
      return { row: earlier, id: kept.get(r.key) ?? null };
    });
  }
}
