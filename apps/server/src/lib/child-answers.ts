import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { arg, databaseIdentity, preparedQuery } from '../db/prepared-query.ts';
import type { DB } from '../db/schema.ts';
import type { WriteProcedure, Writes } from '../db/write-procedure.ts';
import { StoredJson, type KeptJson } from './kept-answer-encodings.ts';

/**
 * One child's academic answers kept in the database as they are sent, gzip from 4 KB (table
 * child_answers, migrations 0024 and 0025, decisions 0042 and 0046): the reads that random
 * children make (a child's results list, results summary and attendance summary) are one
 * primary-key lookup instead of 100–350 µs of building from rows, whatever the child.
 *
 * - Written only by the write procedures that change what an answer is built from, in their
 *   transaction (modules/results, modules/attendance): `storeChildAnswers` after building.
 * - Never stale: triggers (migration 0024) delete an answer in the statement that makes it
 *   untrue — a change to the child's results or attendance, or to its names or trash state — so
 *   an answer found is current, and the orphans module knows nothing of this table.
 * - A miss (data from before migration 0024, a renamed, restored or new child, a script's write)
 *   is answered from rows as before, and the child is filled in the background through the write
 *   path (`fillLater`); no read waits for a write.
 */

export type ChildAnswerKind = 'results-list' | 'results-summary' | 'attendance-summary';

const keptAnswer = preparedQuery<DB, [number, string], { body: Buffer }>((db) =>
  db.selectFrom('child_answers').select('body').where('orphan_id', '=', arg<number>(0)).where('kind', '=', arg<string>(1)),
);

/**
 * One child's kept answer of `kind` as stored (gzip, or plain below GZIP_FROM), by its primary
 * key; undefined when none is kept (the caller builds it from rows, which also tells a child not
 * found or trashed).
 */
export async function readChildAnswer(db: Kysely<DB>, orphanId: number, kind: ChildAnswerKind): Promise<StoredJson | undefined> {
  const [row] = await keptAnswer(db, orphanId, kind);
  return row && new StoredJson(row.body);
}

export interface ChildAnswerRow {
  orphan_id: number;
  kind: ChildAnswerKind;
  /** The answer as JSON.stringify gives it: the bytes sent. */
  body: string;
}

/** Rows per statement: 4 values each. */
const STORE_CHUNK = 200;

/**
 * An answer of this many bytes of JSON or more is stored gzip-compressed (decision 0046): a
 * browser is sent the stored bytes as they are, and a child's results take an eighth of the room
 * (9 KB of JSON, about 1 KB). A smaller one is stored and sent as it is: gzip would save a browser
 * under 2 KB and cost every write that rebuilds it about 20 µs, and each client without gzip an
 * inflate (a month's attendance for a class rebuilds 30 to 600 children's summaries, about 2 KB
 * each for a year of months).
 */
export const GZIP_FROM = 4096;
/** Level 1: within 15 % of level 6's size at two thirds of its time. */
const GZIP_LEVEL = 1;

function storedForm(json: string): Buffer {
  const bytes = Buffer.from(json);
  return bytes.length >= GZIP_FROM ? gzipSync(bytes, { level: GZIP_LEVEL }) : bytes;
}

/** Store answers (inside a write procedure's transaction), replacing the child's earlier ones of the same kind. */
export async function storeChildAnswers(trx: Kysely<DB>, rows: readonly ChildAnswerRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STORE_CHUNK) {
    const values = rows.slice(i, i + STORE_CHUNK).map((r) => ({ orphan_id: r.orphan_id, kind: r.kind, body: storedForm(r.body) }));
    await trx
      .insertInto('child_answers')
      .values(values)
      .onConflict((oc) => oc.columns(['orphan_id', 'kind']).doUpdateSet({ body: sql`excluded.body` }))
      .execute();
  }
}

/** Remove answers of children not found outside the trash when they were to be rebuilt. */
export async function dropChildAnswers(trx: Kysely<DB>, orphanIds: readonly number[], kinds: readonly ChildAnswerKind[]): Promise<void> {
  for (let i = 0; i < orphanIds.length; i += 500) {
    await trx.deleteFrom('child_answers').where('orphan_id', 'in', orphanIds.slice(i, i + 500)).where('kind', 'in', kinds).execute();
  }
}

/**
 * On PostgreSQL, whose transactions run side by side, a write procedure locks the rows of the
 * children whose answers it changes before it changes anything (ids ascending, so two writers
 * cannot wait for each other), and again before it builds them: two writes to one child's
 * records then build its answer one after the other, the second from rows that include the
 * first's. The triggers of migration 0024 take the same lock before deleting an answer, so a
 * write that does not rebuild (a script) cannot be overtaken by a rebuild that missed it.
 * FOR NO KEY UPDATE does not wait for the key-share locks a record's foreign key takes. On
 * SQLite one writer runs at a time: nothing to do.
 */
export async function lockChildren(trx: Kysely<DB>, orphanIds: readonly number[]): Promise<void> {
  if (!orphanIds.length || !(databaseIdentity(trx) instanceof PostgresAdapter)) return;
  const ids = [...new Set(orphanIds)].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += 1000) {
    await sql`select id from orphans where id in (${sql.join(ids.slice(i, i + 1000))}) order by id for no key update`.execute(trx);
  }
}

/** The `counters` row that says a module's backfill is still to run (1) or done (0): migration 0024. */
export type BackfillMarker = 'results_answers_backfill' | 'attendance_answers_backfill';

/**
 * One step of a backfill (inside its write procedure): the children after `after` that have rows
 * in `table` but lack an answer of one of `kinds`, filled by `refresh`; where to go on, null when
 * every child was looked at (the marker is then set to done). Once done, a step does nothing.
 */
export async function backfillStep(
  trx: Kysely<DB>,
  marker: BackfillMarker,
  table: 'results' | 'attendances',
  kinds: readonly ChildAnswerKind[],
  { after, scan, limit }: { after: number; scan: number; limit: number },
  refresh: (trx: Kysely<DB>, ids: number[]) => Promise<void>,
): Promise<{ next: number | null; filled: number }> {
  const row = await trx.selectFrom('counters').select('value').where('name', '=', marker).executeTakeFirst();
  if (!row || Number(row.value) === 0) return { next: null, filled: 0 };
  const { ids, last } = await childrenMissingAnswers(trx, table, kinds, after, scan, limit);
  await refresh(trx, ids);
  if (last === null) await trx.updateTable('counters').set({ value: 0 }).where('name', '=', marker).execute();
  return { next: last, filled: ids.length };
}

/**
 * Children after `after` (by id, among the next `scan` children, at most `limit` of them) outside
 * the trash that have rows in `table` but lack a current answer of one of `kinds`: what a
 * backfill fills. Also answers the last id looked at, or null when no child is left after it.
 */
export async function childrenMissingAnswers(
  db: Kysely<DB>,
  table: 'results' | 'attendances',
  kinds: readonly ChildAnswerKind[],
  after: number,
  scan: number,
  limit: number,
): Promise<{ ids: number[]; last: number | null }> {
  const window = await db.selectFrom('orphans').select('id').where('id', '>', after).orderBy('id').limit(scan).execute();
  if (!window.length) return { ids: [], last: null };
  const last = window[window.length - 1]!.id;
  const rows = await db
    .selectFrom('orphans as o')
    .select('o.id')
    .where('o.id', '>', after)
    .where('o.id', '<=', last)
    .where('o.deleted_at', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom(table).select(sql.lit(1).as('one')).whereRef(`${table}.orphan_id`, '=', 'o.id')))
    .where((eb) =>
      eb.or(
        kinds.map((kind) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('child_answers as k')
                .select(sql.lit(1).as('one'))
                .whereRef('k.orphan_id', '=', 'o.id')
                .where('k.kind', '=', kind),
            ),
          ),
        ),
      ),
    )
    .orderBy('o.id')
    .limit(limit)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === limit) return { ids, last: ids[ids.length - 1]! };
  return { ids, last: window.length < scan ? null : last };
}

/** A write procedure rebuilding the answers of the children it is given. */
export type FillProcedure = WriteProcedure<{ ids: number[] }, unknown>;

/** Children per background write: one short transaction each, so other writes come in between. */
const FILL_BATCH = 100;
/** The most children waiting to be filled per procedure and Writes; more are dropped (a later miss asks again). */
const MAX_WAITING = 20_000;

interface FillQueue {
  waiting: Set<number>;
  running: Promise<void> | null;
}
const queues = new WeakMap<Writes, Map<string, FillQueue>>();

function queueOf(writes: Writes, procedure: FillProcedure): FillQueue {
  let byProcedure = queues.get(writes);
  if (!byProcedure) queues.set(writes, (byProcedure = new Map()));
  let queue = byProcedure.get(procedure.name);
  if (!queue) byProcedure.set(procedure.name, (queue = { waiting: new Set(), running: null }));
  return queue;
}

/**
 * Fill a child's answers in the background after a read missed them: queued per procedure and
 * run through the write path in batches, never awaited by the read. A failure (the server
 * closing, a child purged meanwhile) is dropped: the next miss asks again.
 */
export function fillLater(writes: Writes, procedure: FillProcedure, orphanId: number): void {
  const queue = queueOf(writes, procedure);
  if (queue.waiting.size < MAX_WAITING) queue.waiting.add(orphanId);
  if (queue.running) return;
  queue.running = (async () => {
    try {
      while (queue.waiting.size) {
        const ids = [...queue.waiting].slice(0, FILL_BATCH);
        for (const id of ids) queue.waiting.delete(id);
        await writes.run(procedure, { ids }).catch(() => undefined);
      }
    } finally {
      queue.running = null;
    }
  })();
}

/** Resolves once the background fills asked of `writes` so far are done (tests). */
export async function fillsDone(writes: Writes): Promise<void> {
  for (const queue of queues.get(writes)?.values() ?? []) await queue.running;
}

/** A write procedure filling, from child `after` on, the children missing answers; answers where to go on (null: done). */
export type BackfillProcedure = WriteProcedure<{ after: number; scan?: number; limit?: number }, { next: number | null; filled: number }>;

/**
 * Fill every child missing answers, one procedure call (a short transaction) at a time, until
 * done or `stopped()`: started once the server listens, for data written before migration 0024
 * (once it has been through every child, the procedure does nothing: `backfillStep`).
 */
export async function backfill(
  ctx: { db: Kysely<DB>; writes: Writes },
  marker: BackfillMarker,
  procedure: BackfillProcedure,
  stopped: () => boolean,
  per: { scan?: number; limit?: number } = {},
): Promise<number> {
  // Done (or never needed): read, not written, so a start with nothing to fill writes nothing.
  const row = await ctx.db.selectFrom('counters').select('value').where('name', '=', marker).executeTakeFirst();
  if (!row || Number(row.value) === 0) return 0;
  const { writes } = ctx;
  let filled = 0;
  for (let after: number | null = 0; after !== null && !stopped(); ) {
    const done: { next: number | null; filled: number } = await writes.run(procedure, { after, ...per });
    filled += done.filled;
    after = done.next;
  }
  return filled;
}

/**
 * A child's kept answer of `kind`, else the one `build` makes from rows (throwing the 404 of a
 * child not found or in the trash, which has nothing to fill), the child then filled in the
 * background by `refresh`.
 */
export async function keptOrBuilt(ctx: { db: Kysely<DB>; writes: Writes }, orphanId: number, kind: ChildAnswerKind, build: () => Promise<Buffer>, refresh: FillProcedure): Promise<KeptJson> {
  const found = await readChildAnswer(ctx.db, orphanId, kind);
  if (found) return found;
  const body = await build();
  fillLater(ctx.writes, refresh, orphanId);
  return body;
}

/**
 * Run a module's backfill (children's answers missing: data from before migration 0024) in the
 * background once the server listens, stopped by its close; not in tests that only inject.
 */
export function backfillOnListen(app: FastifyInstance, what: string, run: (stopped: () => boolean) => Promise<number>): void {
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  app.addHook('onListen', async () => {
    run(() => closed).then(
      (filled) => filled && app.log.info({ filled }, `${what} answers kept for children who had none`),
      (err: unknown) => !closed && app.log.warn({ err }, `${what} answers: the background fill stopped`),
    );
  });
}
