import { closeSync, existsSync, fdatasync, fstatSync, openSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { SqliteDialect, type DatabaseConnection, type Driver, type QueryCompiler, type TransactionSettings } from 'kysely';
import { RESTART_AFTER_FRAMES } from './checkpointer.ts';

/**
 * How the server talks to its SQLite file (decision 0008).
 *
 * Durability without blocking: SQLite runs with `synchronous=NORMAL`, so a commit only writes
 * its pages to the WAL; this layer then fsyncs the WAL off the event loop (libuv's thread pool)
 * and the caller's query or transaction resolves only after that fsync. An acknowledged write is
 * on disk exactly as with `synchronous=FULL`, but the process keeps serving while the disk
 * works, and commits that finish while one fsync runs share the next one (group commit).
 */

const STATEMENT_CACHE_SIZE = 500;
const BUSY_TIMEOUT_MS = 5000;

/** Tracks whether anything was written since the last durable point. */
interface WriteState {
  dirty: boolean;
  needsSync: boolean;
}

const DDL = /^\s*(create|alter|drop)\b/i;

interface Prepared {
  stmt: SQLite.Statement;
  /** Turns one of the statement's raw rows (an array) into an object keyed by column name. */
  row(raw: unknown[]): unknown;
}

/**
 * better-sqlite3 builds each row object key by key, looking every column name up in V8's string
 * table and changing the object's shape once per column: for a child's 43 columns that cost
 * more than SQLite's lookup. Rows are read as arrays instead and turned into objects by a
 * function compiled once per statement from its column names, so every row of a statement is
 * one object literal of one shape. Later columns win over earlier ones of the same name, as in
 * better-sqlite3. Statements that return no rows keep the default.
 */
function prepareWithRows(sqlite: SQLite.Database, sql: string): Prepared {
  const stmt = sqlite.prepare(sql);
  if (!stmt.reader) return { stmt, row: (raw) => raw };
  stmt.raw(true);
  const names = stmt.columns().map((c) => c.name);
  // The names are written as JSON string literals: nothing in them can be code.
  const row = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => unknown;
  return { stmt, row };
}

/**
 * Kysely prepares every query afresh; SQLite's parse and plan then costs more than running a
 * small indexed query. Kysely emits the same SQL text for the same query shape (values are
 * parameters), so prepared statements are reused by text, least recently used evicted.
 * Safe because better-sqlite3 is synchronous: a statement is never in use by two callers,
 * except while an iterator is open — a busy statement is bypassed with a fresh one.
 */
function statementCache(sqlite: SQLite.Database, state: WriteState) {
  const cache = new Map<string, Prepared>();
  const lookup = (sql: string): Prepared => {
    let entry = cache.get(sql);
    if (entry && !entry.stmt.busy) {
      cache.delete(sql);
      cache.set(sql, entry);
      return entry;
    }
    entry = prepareWithRows(sqlite, sql);
    if (!cache.has(sql)) {
      cache.set(sql, entry);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return entry;
  };
  // A statement is run right after it is prepared (Kysely's SQLite connection), so wrapping
  // `run`/`all` tells whether it wrote and whether that write is now committed.
  const settle = (stmt: SQLite.Statement, rollback: boolean) => {
    if (rollback) state.dirty = false;
    else if (!stmt.readonly) state.dirty = true;
    if (state.dirty && !sqlite.inTransaction) {
      state.dirty = false;
      state.needsSync = true;
    }
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // A changed schema changes what `select *` returns: statements (and their row shapes)
      // are prepared afresh after it. Schema changes come only from migrations, which run on
      // this connection before the server serves, never from another process meanwhile.
      if (DDL.test(sql)) cache.clear();
      const { stmt, row } = lookup(sql);
      const rollback = sql === 'rollback';
      return {
        reader: stmt.reader,
        all(params: readonly unknown[]) {
          try {
            return (stmt.all(params) as unknown[][]).map(row);
          } finally {
            settle(stmt, rollback);
          }
        },
        run(params: readonly unknown[]) {
          try {
            return stmt.run(params);
          } finally {
            settle(stmt, rollback);
          }
        },
        *iterate(params: readonly unknown[]) {
          for (const raw of stmt.iterate(params) as IterableIterator<unknown[]>) yield row(raw);
        },
      };
    },
  };
}

/**
 * fsync of the WAL, shared: a caller is answered by the first fsync that starts after it asked,
 * so every commit made before asking is covered, and many commits share one fsync.
 */
export class WalSync {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly flush: () => Promise<void>) {}

  request(): Promise<void> {
    if (this.queued) return this.queued;
    const after = this.running ?? Promise.resolve();
    const next: Promise<void> = after.then(
      () => this.start(next),
      () => this.start(next),
    );
    this.queued = next;
    return next;
  }

  private start(self: Promise<void>): Promise<void> {
    if (this.queued === self) this.queued = null;
    const run = this.flush().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }
}

/**
 * fdatasync of the WAL through a descriptor kept open: one thread-pool call per sync. The WAL is
 * deleted only when the last connection closes (never while this process holds one), but should
 * it be replaced anyway, a descriptor to an unlinked file is noticed and opened afresh.
 */
function walFile(walPath: string): { flush(): Promise<void>; close(): void } {
  let fd: number | null = null;
  const datasync = (d: number) => new Promise<void>((resolve, reject) => fdatasync(d, (err) => (err ? reject(err) : resolve())));
  const close = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  const flush = async () => {
    if (fd !== null && fstatSync(fd).nlink === 0) close();
    if (fd === null) {
      if (!existsSync(walPath)) return; // checkpointed and removed: already in the database file
      fd = openSync(walPath, 'r');
    }
    await datasync(fd);
  };
  return { flush, close };
}

/**
 * The Kysely driver, wrapped: when a connection is given back after a committed write, the
 * WAL fsync is awaited *after* the connection is free again, so other queries run meanwhile and
 * the writer is answered only once its write is durable.
 */
class DurableDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly state: WriteState,
    private readonly sync: WalSync | null,
    private readonly onDestroy: () => void,
  ) {}

  init = () => this.inner.init();
  acquireConnection = () => this.inner.acquireConnection();
  beginTransaction = (c: DatabaseConnection, s: TransactionSettings) => this.inner.beginTransaction(c, s);
  commitTransaction = (c: DatabaseConnection) => this.inner.commitTransaction(c);
  rollbackTransaction = (c: DatabaseConnection) => this.inner.rollbackTransaction(c);
  savepoint = (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => this.inner.savepoint!(c, name, compile);
  rollbackToSavepoint = (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => this.inner.rollbackToSavepoint!(c, name, compile);
  releaseSavepoint = (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => this.inner.releaseSavepoint!(c, name, compile);
  async destroy(): Promise<void> {
    await this.inner.destroy();
    this.onDestroy();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const needsSync = this.state.needsSync;
    this.state.needsSync = false;
    await this.inner.releaseConnection(connection);
    if (needsSync && this.sync) await this.sync.request();
  }
}

class DurableSqliteDialect extends SqliteDialect {
  constructor(
    database: ReturnType<typeof statementCache>,
    private readonly state: WriteState,
    private readonly wal: ReturnType<typeof walFile> | null,
  ) {
    super({ database: database as unknown as SQLite.Database });
  }

  override createDriver(): Driver {
    return new DurableDriver(super.createDriver(), this.state, this.wal && new WalSync(this.wal.flush), () => this.wal?.close());
  }
}

export interface SqliteConnection {
  dialect: SqliteDialect;
  /**
   * Try to take the write lock at once (BEGIN IMMEDIATE without waiting). False when another
   * process holds it: the caller waits without blocking its event loop and tries again. Call it
   * only while holding the Kysely connection (`db.connection()`), so no other query interleaves.
   */
  tryBeginImmediate(): boolean;
}

/** Configure an opened SQLite handle and wrap it for Kysely. */
export function sqliteConnection(sqlite: SQLite.Database, file: string | null): SqliteConnection {
  // WAL: readers never block the writer. NORMAL: a commit writes the WAL without fsync; the
  // fsync is done by WalSync before the caller is answered (see above), so durability is FULL's.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Reads straight from the mapped file and a larger page cache: most requests are small reads.
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -32768');
  // The server checkpoints in the background and starts the WAL over at RESTART_AFTER_FRAMES
  // (db/checkpointer.ts); this in-line checkpoint, which stops the process while it runs, is only
  // a safety net above that. A WAL file kept at its size is rewritten in place, so its fsyncs do
  // not also write file-size metadata.
  sqlite.pragma(`wal_autocheckpoint = ${RESTART_AFTER_FRAMES * 2}`);
  sqlite.pragma(`journal_size_limit = ${RESTART_AFTER_FRAMES * 2 * 4096}`);
  const state: WriteState = { dirty: false, needsSync: false };
  const wal = file ? walFile(`${file}-wal`) : null;
  const beginImmediate = sqlite.prepare('begin immediate');
  return {
    dialect: new DurableSqliteDialect(statementCache(sqlite, state), state, wal),
    tryBeginImmediate() {
      // A pragma takes effect when it is prepared, so these two cannot be prepared once.
      sqlite.pragma('busy_timeout = 0');
      try {
        beginImmediate.run();
        return true;
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_BUSY') return false;
        throw err;
      } finally {
        sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    },
  };
}
