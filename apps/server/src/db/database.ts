import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import type Pg from 'pg';
import type { Config, Dialect } from '../config.ts';
import type { DB } from './schema.ts';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** pg, loaded only on PostgreSQL: a SQLite server never holds it in memory (decision 0020). */
function loadPg(): typeof Pg {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  // COUNT(*) and bigint ids come back as strings from pg; every count and id here fits a JS number.
  pg.types.setTypeParser(20, (v) => Number(v));
  return pg;
}

/** How long a statement waits for another process's write lock (a backup, a second worker) before it fails. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Open the SQLite file as every process uses it: WAL, so readers never wait for the writer;
 * synchronous=FULL, so a commit is on disk before its caller is answered (a crash or power loss
 * keeps every acknowledged write); SQLite's own auto-checkpoint keeps the WAL small.
 */
function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // SQLite picks among a table's indexes by statistics that nothing else gathers (PostgreSQL's
  // autovacuum does its own): without them a one-site reader's count may walk the site index and
  // each child's row instead of a list index alone. Taken on open and then daily, as SQLite
  // advises for long-lived connections, each run reading a bounded sample of each index.
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  setInterval(() => sqlite.open && sqlite.pragma('optimize'), 24 * 60 * 60_000).unref();
  return sqlite;
}

/**
 * Kysely's SQLite driver, its transactions begun IMMEDIATE: a transaction takes the write lock
 * when it begins, waiting (busy_timeout) while another process holds it. A deferred one would
 * read first and then fail at once when another process had written meanwhile (a second server
 * process, a backup). Only Kysely's public driver API is used.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.sqlite });
  }
}

/**
 * Kysely over PostgreSQL (a pool) or SQLite (one better-sqlite3 connection, which Kysely's dialect
 * lends to one query or transaction at a time). Writes are `db.transaction().execute(trx => …)`.
 */
export function openDatabase(config: Pick<Config, 'dialect' | 'databaseUrl' | 'sqlitePath'>): Database {
  if (config.dialect === 'postgres') {
    const pool = new (loadPg().Pool)({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, an administrator) is dropped and
    // replaced by the pool; without a listener its error would end the whole process.
    pool.on('error', (err) => console.error(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  if (config.sqlitePath !== ':memory:') mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect(openSqlite(config.sqlitePath)) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
