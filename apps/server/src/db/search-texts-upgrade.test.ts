import { describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Dialect } from '../config.ts';
import { freshDatabase } from '../../test/upgrade-database.ts';
import { countOrphans, type OrphanFilter } from '../modules/orphans/orphans-list.repository.ts';
import { migrate } from './migrate.ts';
import type { DB } from './schema.ts';

/**
 * The upgrade that keeps each class's search words apart, on a database whose children were
 * stored with one search text holding them all: afterwards a father's name or an id number finds
 * a child only for a search allowed that class's text, in the list and in the trash.
 */
const BEFORE_SEARCH_TEXTS = '0041-list-indexes-hold-the-site';

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

for (const dialect of dialects) {
  describe(`the search texts upgrade [${dialect}]`, () => {
    it('splits every stored child\'s search words by class and indexes them again', async () => {
      const { database, drop } = await freshDatabase(dialect);
      try {
        const old = database.db as unknown as Kysely<any>;
        await migrate(old, dialect, undefined, BEFORE_SEARCH_TEXTS);
        const now = new Date().toISOString();
        const site_id = (await old.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
        const child = (first: string, deleted: string | null) => ({
          first_name: first, last_name: 'Karimi', father_name: `Dad${first}`, grandfather_name: 'Elder', school_id_number: `SCH-${first.length}05`,
          dob: '2014-01-01', birthday: '01-01', gender: 'female', admission_date: '2020-01-01', status: 'active',
          search_text: `${first.toLowerCase()} karimi dad${first.toLowerCase()} elder sch ${first.length}05 sch${first.length}05`, site_id, created_at: now, updated_at: now, deleted_at: deleted,
        });
        await old.insertInto('orphans').values([child('Listed', null), child('Trashed', now)]).execute();

        await migrate(database.db, dialect);

        const db = database.db as Kysely<DB>;
        const stored = await db.selectFrom('orphans').select(['first_name', 'search_text', 'search_family', 'search_identity']).orderBy('id').execute();
        expect(stored[0]).toEqual({ first_name: 'Listed', search_text: 'listed karimi', search_family: 'dadlisted elder', search_identity: 'sch 605 sch605' });
        const count = (words: string[], trashed: boolean, searchIn?: OrphanFilter['searchIn']) => countOrphans(db, dialect, { words, trashed, scope: { all: true }, searchIn });
        for (const trashed of [false, true]) {
          const first = trashed ? 'trashed' : 'listed';
          expect(await count([first, 'karimi'], trashed)).toBe(1);
          expect(await count([`dad${first}`], trashed)).toBe(0);
          expect(await count(['elder'], trashed, ['identity'])).toBe(0);
          expect(await count([`dad${first}`, 'elder'], trashed, ['family'])).toBe(1);
          expect(await count(['sch'], trashed, ['family'])).toBe(0);
          expect(await count(['sch', 'karimi'], trashed, ['identity'])).toBe(1);
          expect(await count([`dad${first}`, 'sch'], trashed, ['family', 'identity'])).toBe(1);
        }
        // Saves after the upgrade keep the index in step (its triggers on SQLite): a renamed father is found by the new name only.
        await db.updateTable('orphans').set({ search_family: 'newdad elder' }).where('first_name', '=', 'Listed').execute();
        expect(await count(['newdad'], false, ['family'])).toBe(1);
        expect(await count(['dadlisted'], false, ['family'])).toBe(0);
      } finally {
        await database.destroy();
        await drop();
      }
    });
  });
}
