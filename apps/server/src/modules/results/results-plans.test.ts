import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { queryPlan, seedAcademics } from '../../../test/query-plans.ts';
import { buildResultList } from './results.repository.ts';

/**
 * One child's results (the list filtered by child and the results summary run the same
 * statement) and everyone's come from the results indexes of migration 0016, never from sorting
 * or scanning the table; planned over a few thousand analysed rows (seedAcademics).
 */
describeEachDatabase('results plans', (server, dialect) => {
  const db = () => server().database.db;
  const plan = (query: Parameters<typeof queryPlan>[2]) => queryPlan(db(), dialect, query);
  const sortsOrScans = dialect === 'sqlite' ? /USE TEMP B-TREE|^SCAN results$/m : /\bSort\b|Seq Scan/;
  let sites: number[] = [];
  beforeAll(async () => {
    sites = await seedAcademics(db());
  });

  it('reads one child\'s results newest first from results_orphan_idx, filtered or not', async () => {
    for (const f of [{ orphan_id: 7 }, { orphan_id: 7, year: 2025 }, { orphan_id: 7, year: 2025, term: 'Final' as const, result_type: 'education' as const }]) {
      const p = await plan(buildResultList(db(), { all: true }, f, 1001));
      expect(p, p).not.toMatch(sortsOrScans);
      expect(p, p).toMatch(/results_orphan_idx/);
    }
  });

  it('reads the results of everyone newest first from results_year_idx', async () => {
    for (const f of [{}, { year: 2025 }]) {
      const p = await plan(buildResultList(db(), { all: true }, f, 1001));
      expect(p, p).not.toMatch(sortsOrScans);
      expect(p, p).toMatch(/results_year_idx/);
    }
  });

  it('reads one site\'s results newest first from results_year_idx too, each child looked up by its key', async () => {
    // A user of one site, or the site filter, and a user of two: the walk keeps their children's rows.
    for (const scope of [{ ids: [sites[1]!] }, { ids: [sites[0]!, sites[2]!] }]) {
      for (const f of [{}, { year: 2025 }]) {
        const p = await plan(buildResultList(db(), scope, f, 1001));
        expect(p, p).not.toMatch(sortsOrScans);
        expect(p, p).not.toMatch(dialect === 'sqlite' ? /^SCAN orphans$|orphans_site_idx/m : /Seq Scan/);
        expect(p, p).toMatch(/results_year_idx/);
      }
    }
  });
});
