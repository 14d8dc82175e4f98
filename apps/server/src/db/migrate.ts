import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from '../config.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-orphans.ts';
import * as m0003 from './migrations/0003-admin.ts';
import * as m0004 from './migrations/0004-access-version.ts';
import * as m0005 from './migrations/0005-rate-limits.ts';
import * as m0006 from './migrations/0006-orphan-counter-triggers.ts';
import * as m0007 from './migrations/0007-covering-list-indexes.ts';
import * as m0008 from './migrations/0008-orphans-version.ts';
import * as m0009 from './migrations/0009-narrow-list-indexes.ts';
import * as m0010 from './migrations/0010-orphan-sort-indexes.ts';
import * as m0011 from './migrations/0011-orphan-search-text.ts';
import * as m0015 from './migrations/0015-gallery.ts';
import * as m0016 from './migrations/0016-results-attendance.ts';
import * as m0017 from './migrations/0017-attendances-version.ts';
import * as m0018 from './migrations/0018-activity-indexes.ts';
import * as m0019 from './migrations/0019-overview-indexes.ts';
import * as m0020 from './migrations/0020-user-locale.ts';
import * as m0021 from './migrations/0021-user-calendar.ts';
import * as m0022 from './migrations/0022-media-version.ts';
import * as m0023 from './migrations/0023-attendance-child-counts.ts';
import * as m0024 from './migrations/0024-child-answers.ts';
import * as m0025 from './migrations/0025-child-answers-gzipped.ts';

type DialectMigration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

/**
 * Ordered list of migrations; each feature appends its own file here. Migrations take the dialect
 * so the few non-portable pieces (search indexes) can differ while the tables stay the same.
 */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001-foundation': m0001,
  '0002-orphans': m0002,
  '0003-admin': m0003,
  '0004-access-version': m0004,
  '0005-rate-limits': m0005,
  '0006-orphan-counter-triggers': m0006,
  '0007-covering-list-indexes': m0007,
  '0008-orphans-version': m0008,
  '0009-narrow-list-indexes': m0009,
  '0010-orphan-sort-indexes': m0010,
  '0011-orphan-search-text': m0011,
  '0015-gallery': m0015,
  '0016-results-attendance': m0016,
  '0017-attendances-version': m0017,
  '0018-activity-indexes': m0018,
  '0019-overview-indexes': m0019,
  '0020-user-locale': m0020,
  '0021-user-calendar': m0021,
  '0022-media-version': m0022,
  '0023-attendance-child-counts': m0023,
  '0024-child-answers': m0024,
  '0025-child-answers-gzipped': m0025,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, this.dialect) }]),
    );
  }
}

/** Bring the schema up to date; each migration runs in a transaction on both dialects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
