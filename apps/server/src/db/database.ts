import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config, Dialect } from '../config.ts';
import type { DB } from './schema.ts';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// COUNT(*) and bigint ids come back as strings from pg; every count and id here fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(config: Pick<Config, 'dialect' | 'databaseUrl' | 'sqlitePath'>): Database {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const sqlite = new SQLite(config.sqlitePath);
  // WAL: readers never block the writer. FULL: a commit is on disk before it is acknowledged,
  // so a power cut (common where this runs) cannot take back a saved record; it costs one
  // fsync per write transaction (~1 ms here), which staff never notice.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads straight from the mapped file and a larger page cache: most requests are small reads.
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -32768');
  // Checkpoint every ~40 MB of WAL instead of 4 MB: a hot index page written by many commits is
  // copied back once, and the checkpoint's fsync is paid ten times less often.
  sqlite.pragma('wal_autocheckpoint = 10000');
  sqlite.pragma('journal_size_limit = 67108864');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; SQLite's parse and plan then costs more than running a
 * small indexed query. Kysely emits the same SQL text for the same query shape (values are
 * parameters), so prepared statements are reused by text, least recently used evicted.
 * Safe because better-sqlite3 is synchronous: a statement is never in use by two callers,
 * except while an iterator is open — a busy statement is bypassed with a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // Kysely opens every transaction with a deferred BEGIN. With several processes on one
      // file, two deferred transactions that both upgrade to writing deadlock (SQLITE_BUSY at
      // once, the busy timeout never applies); taking the write lock up front makes them queue.
      if (sql === 'begin') sql = 'begin immediate';
      let stmt = cache.get(sql);
      if (stmt && !stmt.busy) {
        cache.delete(sql);
        cache.set(sql, stmt);
        return stmt;
      }
      stmt = sqlite.prepare(sql);
      if (!cache.has(sql)) {
        cache.set(sql, stmt);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}
