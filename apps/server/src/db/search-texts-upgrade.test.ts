import { describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Dialect } from '../config.ts';
import { freshDatabase } from '../../test/upgrade-database.ts';
import { countOrphans, type OrphanFilter } from '../modules/orphans/orphans-list.repository.ts';
import { migrate } from './migrate.ts';
import type { DB } from './schema.ts';

/**
 * The upgrade that keeps each class's search words apart, on a database whose children were
 * stored with one search text holding them all: afterwards the names' text holds the child's own
 * names only, and the family and identity texts are left empty for the first start with the data
 * key to fill with keyed tokens (decision 0060), found whole by a search allowed that class.
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
        expect(stored[0]).toEqual({ first_name: 'Listed', search_text: 'listed karimi', search_family: '', search_identity: '' });
        const count = (words: string[], trashed: boolean, more: Partial<OrphanFilter> = {}) => countOrphans(db, dialect, { words, trashed, scope: { all: true }, ...more });
        for (const trashed of [false, true]) {
          const first = trashed ? 'trashed' : 'listed';
          expect(await count([first, 'karimi'], trashed)).toBe(1);
          expect(await count([`dad${first}`], trashed)).toBe(0);
          expect(await count(['sch'], trashed, { familyTokens: ['sch'] })).toBe(0);
        }
        // The tokens a start writes are found whole, by the reader the class allows, and the index keeps in step (its triggers on SQLite).
        await db.updateTable('orphans').set({ search_family: 'dadtoken eldertoken', search_identity: 'numbertoken' }).where('first_name', '=', 'Listed').execute();
        expect(await count(['dad'], false, { familyTokens: ['dadtoken'] })).toBe(1);
        expect(await count(['dad'], false, { familyTokens: ['dadtok'] })).toBe(0);
        expect(await count(['dad'], false)).toBe(0);
        expect(await count(['sch', '605'], false, { identityToken: 'numbertoken' })).toBe(1);
        expect(await count(['sch', '605'], false, { identityToken: 'numbertok' })).toBe(0);
      } finally {
        await database.destroy();
        await drop();
      }
    });
  });
}
