import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type Pg from 'pg';
import type { Config, Dialect } from '../config.ts';
import type { DB } from './schema.ts';
import { sqliteConnection } from './sqlite-connection.ts';
import { WriteCounter } from './write-counter.ts';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** SQLite only: take the write lock without waiting (db/sqlite-connection.ts). */
  tryBeginImmediate?: () => boolean;
  /** How many statements through `db` may have written so far (db/write-counter.ts). */
  writeCount(): number;
  destroy(): Promise<void>;
}

/** pg, loaded only on PostgreSQL: a SQLite server never holds it in memory (decision 0020). */
function loadPg(): typeof Pg {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  // COUNT(*) and bigint ids come back as strings from pg; every count and id here fits a JS number.
  pg.types.setTypeParser(20, (v) => Number(v));
  return pg;
}

export function openDatabase(config: Pick<Config, 'dialect' | 'databaseUrl' | 'sqlitePath'>): Database {
  const writes = new WriteCounter();
  const writeCount = () => writes.value;
  if (config.dialect === 'postgres') {
    const pool = new (loadPg().Pool)({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, an administrator) is dropped and
    // replaced by the pool; without a listener its error would end the whole process.
    pool.on('error', (err) => console.error(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    return { db, dialect: 'postgres', writeCount, destroy: () => db.destroy() };
  }
  mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const sqlite = new SQLite(config.sqlitePath);
  const connection = sqliteConnection(sqlite, config.sqlitePath === ':memory:' ? null : config.sqlitePath);
  const db = new Kysely<DB>({ dialect: connection.dialect, plugins: [writes] });
  return { db, dialect: 'sqlite', tryBeginImmediate: connection.tryBeginImmediate, writeCount, destroy: () => db.destroy() };
}
