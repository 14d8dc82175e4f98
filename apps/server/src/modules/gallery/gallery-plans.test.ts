import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { queryPlan, seedAcademics } from '../../../test/query-plans.ts';
import { mediaListPage } from './gallery.repository.ts';

/**
 * The gallery of everyone, newest first, is read from media_date_idx (of one type: media_type_date_idx, migration 0015) and each
 * item's child looked up by its key — for every site, one site (a user of one, or the site
 * filter) and several alike — never by sorting a site's items; planned over analysed rows.
 */
describeEachDatabase('gallery plans', (server, dialect) => {
  const db = () => server().database.db;
  let sites: number[] = [];
  beforeAll(async () => {
    sites = await seedAcademics(db());
    const children = (await db().selectFrom('orphans').select('id').orderBy('id').execute()).map((r) => r.id);
    const now = new Date().toISOString();
    const items = children.flatMap((orphan_id, i) =>
      [0, 1, 2].map((k) => ({
        orphan_id, media_type: 'image', title: `Photo ${k}`, date: `2025-0${1 + ((i + k) % 9)}-1${k}`, file_name: 'p.jpg', mime_type: 'image/jpeg', size_bytes: 1000,
        file_path: `gallery/${orphan_id}-${k}.jpg`, status: 'ready', created_at: now, updated_at: now,
      })),
    );
    for (let i = 0; i < items.length; i += 500) await db().insertInto('media').values(items.slice(i, i + 500)).execute();
    await sql`analyze`.execute(db());
  });

  it('pages everyone\'s media newest first from media_date_idx, for every site, one or several', async () => {
    const sortsOrScans = dialect === 'sqlite' ? /USE TEMP B-TREE|^SCAN media$|SEARCH orphans USING (COVERING )?INDEX orphans_site/m : /\bSort\b|Seq Scan/;
    for (const scope of [{ all: true as const }, { ids: [sites[1]!] }, { ids: [sites[0]!, sites[2]!] }]) {
      for (const f of [{}, { mediaType: 'image' }]) {
        const p = await queryPlan(db(), dialect, mediaListPage(db(), scope, f, 24, 48));
        expect(p, p).not.toMatch(sortsOrScans);
        expect(p, p).toMatch(f.mediaType ? /media_type_date_idx/ : /media_date_idx/);
      }
    }
  });
});
