import { readdir } from 'node:fs/promises';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from '../config.ts';

type DialectMigration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

/**
 * Every file in the migrations folder, in name order (NNNN-what): a new migration is a new file
 * there, never an edit here. The folder sits beside this module both in the sources (tsx, the
 * tests) and in the build (scripts/build-server.mjs writes each migration to dist/migrations/),
 * so the same directory read finds them in both. Migrations take the dialect so the few
 * non-portable pieces (search indexes) can differ while the tables stay the same.
 */
export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

const isMigrationFile = (name: string) => /^\d{4}-[\w-]+\.(ts|js)$/.test(name) && !/\.(test|d)\.ts$/.test(name);

class FolderProvider implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly folder: URL,
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter(isMigrationFile).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const m = (await import(new URL(file, this.folder).href)) as DialectMigration;
      if (typeof m.up !== 'function') throw new Error(`Migration ${file} exports no up().`);
      migrations[file.replace(/\.(ts|js)$/, '')] = { up: (db: Kysely<unknown>) => m.up(db, this.dialect) };
    }
    return migrations;
  }
}

/**
 * Bring the schema up to date; each migration runs in a transaction on both dialects.
 * `folder`: another migrations folder, for a test; `upTo`: stop after that migration (a test of
 * an upgrade fills the database as it was before the next one).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function migrate(db: Kysely<any>, dialect: Dialect, folder: URL = MIGRATIONS_DIR, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderProvider(dialect, folder) });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
