import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import type { Writes } from './write-procedure.ts';

/**
 * How long a value read from the database may be reused, where this process makes every write
 * (see below), before it is read again anyway: what a script or another program writes to the
 * database file directly is seen within this time (decision 0010).
 */
export const REUSE_MS = 1000;

/**
 * What this process knows of the writes made to its database. Where it makes every write — SQLite
 * with one server process, the default (decision 0009) — a value read after count N is still
 * the database's while the count is N: the token check and the orphan list reuse what they read
 * instead of reading it again on every request. With several processes (or PostgreSQL) nothing is
 * reused: the server stays stateless and every process reads every time (decision 0010).
 */
export interface LocalChanges {
  /** This process makes every write to the database: the counts below see them all. */
  readonly complete: boolean;
  /**
   * Every write this process's Writes answered (db/write-procedure.ts), and any statement that
   * may have written through the server's own connection (db/write-counter.ts: scripts and tests
   * that write directly).
   */
  all(): number;
}

/** A value read at `readAt`, when the count it depends on stood at `changes`. */
export interface Reading {
  changes: number;
  readAt: number;
}

/** Whether a reading may still be used instead of reading again: nothing written since, and young enough. */
export function stillValid(reading: Reading, changes: number, now: number): boolean {
  return reading.changes === changes && now - reading.readAt < REUSE_MS;
}

/**
 * The value a read gave last, reused instead of reading again while stillValid — only where this
 * process makes every write; elsewhere every call reads. The count is taken before the read, so a
 * write answered meanwhile makes the new reading stale at once. The orphans' version, the kept
 * answers' data version and the overview's Recent Activity each keep one per database.
 */
export class ReusedReading<T> {
  private last: (Reading & { value: T }) | null = null;

  async get(changes: LocalChanges | undefined, read: () => Promise<T>): Promise<T> {
    if (!changes?.complete) return read();
    const count = changes.all();
    const now = Date.now();
    if (this.last && stillValid(this.last, count, now)) return this.last.value;
    const value = await read();
    this.last = { value, changes: count, readAt: now };
    return value;
  }
}

export function localChanges(config: Pick<Config, 'workers'>, database: Database, writes: Writes): LocalChanges {
  return {
    complete: database.dialect === 'sqlite' && config.workers === 1,
    all: () => database.writeCount() + writes.settled(),
  };
}
