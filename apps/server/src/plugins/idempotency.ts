import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODE } from '@app/shared/messages';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_DAYS, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES as MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '@app/shared/schemas/idempotency.schema';
import { AppError } from '../lib/app-error.ts';
import { scheduleDailyDeletion } from '../lib/daily-job.ts';
import { claimIdempotencyKey, completeIdempotencyKey, deleteIdempotencyKeysBefore, releaseIdempotencyKey } from '../lib/idempotency-keys.writes.ts';

/**
 * Idempotency keys on the writes a phone's outbox sends (routes with `config.idempotent`). A
 * request with `Idempotency-Key` takes the key for its user in the database before its handler
 * runs; its success's status and answer are stored before the answer leaves, so that the same
 * key again answers the first answer again (`Idempotent-Replayed: true`) without applying the
 * change twice — whichever server process it reaches. The same key on another request (method,
 * path or body): 422. While the first is still being handled, the second waits for its answer a
 * while, then answers 409 (`request_in_progress`, Retry-After) for the client to send it again.
 * A refused or failed request stored nothing, so its key is let go: sending it again is a new try.
 * Keys are kept for IDEMPOTENCY_KEY_DAYS; a daily job in every process deletes older ones.
 */

const DAY_MS = 24 * 60 * 60_000;
/** A key still in progress after this long belongs to a request whose process died: taken over. */
const ABANDONED_MS = 5 * 60_000;
/** How long a second request waits for the first one's answer, and how often it looks. */
const WAIT_MS = 10_000;
const POLL_MS = 50;

interface Held {
  userId: number;
  key: string;
  done: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: Held | null;
  }
}

/** The request came with a key: from a phone's outbox, which resolves conflicts rather than retyping a form. */
export const carriesIdempotencyKey = (request: FastifyRequest): boolean => request.headers[IDEMPOTENCY_HEADER] !== undefined;

/** The body with its object keys sorted, so that the same data hashes the same whatever its order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value;
}

const requestHash = (request: FastifyRequest) =>
  createHash('sha256').update(`${request.method} ${request.url.split('?')[0]}\n${JSON.stringify(canonical(request.body ?? null))}`).digest('hex');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', null);

  const replay = (reply: FastifyReply, statusCode: number, response: string) =>
    reply.code(statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(JSON.parse(response));

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent || !request.user) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw AppError.validation(IDEMPOTENCY_HEADER, MESSAGES.keyInvalid);
    const userId = request.user.id;
    const hash = requestHash(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const now = new Date();
      const staleBefore = new Date(now.getTime() - ABANDONED_MS).toISOString();
      const claim = await app.db.transaction().execute((trx) => claimIdempotencyKey(trx, { userId, key, requestHash: hash, now: now.toISOString(), staleBefore }));
      if (claim?.claimed) {
        request.idempotencyKey = { userId, key, done: false };
        return;
      }
      if (claim) {
        const { row } = claim;
        if (row.request_hash !== hash) throw AppError.validation(IDEMPOTENCY_HEADER, MESSAGES.keyReused, ERROR_CODE.idempotencyKeyReused);
        if (row.status_code !== null && row.response !== null) return replay(reply, row.status_code, row.response);
        if (Date.now() >= deadline) throw new AppError(409, MESSAGES.inProgress, undefined, { 'Retry-After': '1' }, ERROR_CODE.requestInProgress);
      }
      await pause(POLL_MS);
    }
  });

  // Before the answer is written: a client that saw it can count on its key being answered again.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const held = request.idempotencyKey;
    if (!held || held.done) return payload;
    held.done = true;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      await app.db.transaction().execute((trx) => completeIdempotencyKey(trx, { userId: held.userId, key: held.key, statusCode: reply.statusCode, response: JSON.stringify(payload) }));
    } else {
      await app.db.transaction().execute((trx) => releaseIdempotencyKey(trx, { userId: held.userId, key: held.key }));
    }
    return payload;
  });

  // An answer that never reached serialization (a stream, an aborted request): nothing was stored for it.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotencyKey;
    if (!held || held.done) return;
    held.done = true;
    await app.db.transaction().execute((trx) => releaseIdempotencyKey(trx, { userId: held.userId, key: held.key })).catch((err: unknown) => request.log.warn({ err }, 'idempotency: could not let a key go'));
  });

  scheduleIdempotencyRetention(app);
}

/** Delete the keys older than their retention at `now`. Answers how many went. */
export async function deleteExpiredIdempotencyKeys(app: FastifyInstance, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * DAY_MS).toISOString();
  return app.db.transaction().execute((trx) => deleteIdempotencyKeysBefore(trx, cutoff));
}

/** At start, then every day, in every process. */
function scheduleIdempotencyRetention(app: FastifyInstance): void {
  scheduleDailyDeletion(app, { deleted: 'idempotency keys past their retention deleted', failed: 'idempotency keys: retention deletion failed' }, () =>
    deleteExpiredIdempotencyKeys(app, new Date()),
  );
}
