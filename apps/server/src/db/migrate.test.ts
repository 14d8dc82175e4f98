import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

/**
 * Migrations are found in their folder, not listed by hand: a new NNNN-what.ts file there runs on
 * the next start, in name order, with the dialect, and a file that is not a migration is ignored.
 */

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const appliedNames = async (db: Kysely<unknown>) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);

it('runs every NNNN-what file of the folder once, in name order, with the dialect', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  const step = (table: string) =>
    `export async function up(db, dialect) { await db.schema.createTable('${table}').addColumn('dialect', 'text').execute();` +
    ` await db.insertInto('${table}').values({ dialect }).execute(); }\n`;
  writeFileSync(path.join(dir, '0002-second.js'), step('second'));
  writeFileSync(path.join(dir, '0001-first.js'), step('first'));
  writeFileSync(path.join(dir, 'README.md'), 'not a migration');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  try {
    const folder = pathToFileURL(`${dir}/`);
    await migrate(db, 'sqlite', folder);
    expect(await appliedNames(db)).toEqual(['0001-first', '0002-second']);
    expect((await sql<{ dialect: string }>`select dialect from second`.execute(db)).rows).toEqual([{ dialect: 'sqlite' }]);

    writeFileSync(path.join(dir, '0003-third.js'), step('third'));
    await migrate(db, 'sqlite', folder);
    expect(await appliedNames(db)).toEqual(['0001-first', '0002-second', '0003-third']);
  } finally {
    await db.destroy();
  }
});

it('the real folder: every migration file runs, and the schema comes up', async () => {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}-.*\.ts$/.test(f) && !f.endsWith('.test.ts'));
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  try {
    await migrate(db, 'sqlite');
    expect(await appliedNames(db)).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
  } finally {
    await db.destroy();
  }
});
