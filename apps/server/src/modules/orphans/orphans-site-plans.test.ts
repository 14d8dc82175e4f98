import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, firstSiteId } from '../../../test/harness.ts';
import { queryPlan, seedAcademics } from '../../../test/query-plans.ts';
import { countQuery, listPageQuery, type OrphanFilter } from './orphans-list.repository.ts';

/**
 * A reader of one site, or the `site_id` filter, reads as an all-sites reader does: a site's list
 * in the default order and its total from the site list index (migration 0035), and every other
 * filter's total from a list index alone, which holds the site (migration 0041) — never a lookup
 * of each child's row to test its site. Planned over analysed children of two sites.
 */
describeEachDatabase('orphan list plans of one site', (server, dialect) => {
  const db = () => server().database.db;
  let site = 0;
  beforeAll(async () => {
    await seedAcademics(db());
    site = await firstSiteId(server());
    // Half the children to a second site, so that a site is as selective for the planner as in use.
    const other = await db().insertInto('sites').values({ name: 'Plan Home', kind: 'orphanage', active: 1, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    await sql`update orphans set site_id = ${other.id} where id % 2 = 0`.execute(db());
    await sql`analyze`.execute(db());
  });

  it('reads a site\'s list in the default order and its total from the site list index, and several sites\' from the name index', async () => {
    const filters: OrphanFilter[] = [
      { words: [], trashed: false, scope: { all: true }, site_id: site },
      { words: [], trashed: false, scope: { ids: [site] } },
    ];
    for (const f of filters) {
      for (const offset of [0, 500]) {
        const p = await queryPlan(db(), dialect, listPageQuery(db(), dialect, f, 'last_name', 10, offset));
        expect(p, p).not.toMatch(dialect === 'sqlite' ? /USE TEMP B-TREE|^SCAN orphans$/m : /\bSort\b|Seq Scan/);
        expect(p, p).toMatch(dialect === 'sqlite' ? /USING (COVERING )?INDEX orphans_site_name_idx/ : /(Index (Only )?Scan (Backward )?using|Bitmap Index Scan on) orphans_site_name_idx/);
      }
    }
    // A user of several sites (not all): the name index walked, each child of theirs kept, no sort of their children.
    const several = await queryPlan(db(), dialect, listPageQuery(db(), dialect, { words: [], trashed: false, scope: { ids: [site, site + 1000] } }, 'last_name', 10, 0));
    expect(several, several).not.toMatch(dialect === 'sqlite' ? /USE TEMP B-TREE|^SCAN orphans$/m : /\bSort\b|Seq Scan/);
    expect(several, several).toMatch(/orphans_name_idx/);
  });

  it('counts a one-site reader\'s filtered list from a list index alone (SQLite)', async () => {
    if (dialect !== 'sqlite') return;
    for (const f of [{ gender: 'female', class_grade: '4' }, { class_grade: '4' }, { admission_from: '2020-01-01' }]) {
      const p = await queryPlan(db(), dialect, countQuery(db(), dialect, { words: [], trashed: false, scope: { ids: [site] }, ...f }));
      expect(p, p).toMatch(/USING COVERING INDEX orphans_\w+_idx/);
    }
  });
});
