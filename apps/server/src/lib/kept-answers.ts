import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { ReusedReading, type LocalChanges } from '../db/local-changes.ts';
import { databaseIdentity, preparedQuery } from '../db/prepared-query.ts';
import type { DB } from '../db/schema.ts';
import { VersionedCache } from './versioned-cache.ts';

/**
 * The counters that move on with every change to their table, in the statement that changes it
 * (triggers: migrations 0008, 0017, 0019, 0022). Each only ever grows.
 */
export type VersionCounter = 'orphans_version' | 'attendances_version' | 'results_version' | 'media_version';

export interface KeptContext {
  db: Kysely<DB>;
  /** What this process knows of the writes to its database: lets the version read be reused (decision 0010). */
  changes?: LocalChanges;
}

export interface KeptLimits {
  /** The most answers kept per database. */
  entries: number;
  /** The most bytes of JSON kept per database. */
  bytes: number;
}

const ALL_COUNTERS: readonly VersionCounter[] = ['orphans_version', 'attendances_version', 'results_version', 'media_version'];

// Every counter is read (four rows of an index; one compiled query for every caller), and the caller's added up.
const countersOf = preparedQuery<DB, [], { name: string; value: number | string }>((db) => db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ALL_COUNTERS));

/**
 * The sum of `counters`: a number that grows with any change to any of their tables, so what was
 * made from those tables at one value stays true while the value is unchanged.
 */
export async function readDataVersion(db: Kysely<DB>, counters: readonly VersionCounter[]): Promise<number> {
  let sum = 0;
  for (const row of await countersOf(db)) if (counters.includes(row.name as VersionCounter)) sum += Number(row.value);
  return sum;
}

interface PerDatabase {
  answers: VersionedCache<Buffer>;
  version: ReusedReading<number>;
}

/**
 * Answers kept as the JSON bytes sent, per key and data version (decision 0034): a read that many
 * staff repeat — a grade's month of attendance, a child's results or gallery — is built, checked
 * and stringified once per change to its tables instead of on every request (building the rows,
 * the zod response check and JSON.stringify of 3–12 KB were most of such a request).
 *
 * - The data version is the sum of the `counters` the answers are made from, read before anything
 *   else on each request. Where one process makes every write, the value read last is reused
 *   while this process has written nothing, for at most REUSE_MS (decision 0010); elsewhere
 *   (PostgreSQL, several processes) it is read every time: one indexed read.
 * - The key must name everything else the answer depends on: the query, and whatever differs by
 *   reader (permissions) or by time (a signed URL's window, the day).
 * - Requests arriving while an answer is made wait for it (VersionedCache.getOrLoad).
 * - Bounded per database by entries and bytes, least recently used first out.
 *
 * The routes still declare their response schemas (the API docs show them); the API tests check
 * every answer against them, since a Buffer sent is not checked again.
 */
export class KeptAnswers {
  private readonly perDatabase = new WeakMap<object, PerDatabase>();

  constructor(
    private readonly counters: readonly VersionCounter[],
    private readonly limits: KeptLimits,
  ) {}

  private kept(db: Kysely<DB>): PerDatabase {
    const identity = databaseIdentity(db);
    let kept = this.perDatabase.get(identity);
    if (!kept) {
      kept = { answers: new VersionedCache((body) => body.length, this.limits.entries, this.limits.bytes), version: new ReusedReading() };
      this.perDatabase.set(identity, kept);
    }
    return kept;
  }

  /** The data version now (see above): read before anything else, so a change made meanwhile makes what follows stale at once. */
  version(ctx: KeptContext): Promise<number> {
    return this.kept(ctx.db).version.get(ctx.changes, () => readDataVersion(ctx.db, this.counters));
  }

  /**
   * The answer for `key` as JSON bytes: the one kept at the current data version, or the one
   * `make` builds (given that version), then kept. An error `make` throws (a 404) is not kept.
   */
  async json(ctx: KeptContext, key: string, make: (version: number) => Promise<unknown>): Promise<Buffer> {
    const version = await this.version(ctx);
    return this.kept(ctx.db).answers.getOrLoad(key, version, async () => Buffer.from(JSON.stringify(await make(version))));
  }
}

/** Send a kept answer: a Buffer goes out as it is, without the response schema's check or serializer. */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
