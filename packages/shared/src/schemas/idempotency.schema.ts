import { z } from 'zod';

/**
 * Idempotency keys: a write the offline outbox sends carries `Idempotency-Key`; sent again with the
 * same key (its first answer was lost), the server answers the first answer again instead of
 * applying it twice, for as long as the key is kept.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A replayed answer says so in this header. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_DAYS = 30;
/** Printable ASCII without spaces: a UUID fits, as does any client's own scheme. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters without spaces.',
  keyReused: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'This change is still being saved. Send it again in a moment.',
} as const;

/** The header, as a route documents it (every other header passes through). */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES.keyInvalid).optional(),
});
