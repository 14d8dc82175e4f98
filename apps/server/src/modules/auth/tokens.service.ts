import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { DB } from '../../db/schema.ts';
import { LOCKDOWN_SETTING } from '../../lib/lockdown-setting.ts';
import { nowIso } from '../../lib/time.ts';
import { ERROR_CODE } from '@app/shared/messages';
import { deleteToken, endTokens, insertToken, touchToken, type EndedBecause } from './auth.writes.ts';

export interface TokenLifetimes {
  tokenIdleMinutes: number;
  tokenRememberMinutes: number;
  /** The absolute life of a sign-in without Remember me (hours), and of one with it (days). */
  tokenMaxHours: number;
  tokenRememberMaxDays: number;
}

/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_AFTER_MS = 60_000;

const idleMs = (life: TokenLifetimes, remember: boolean) => (remember ? life.tokenRememberMinutes : life.tokenIdleMinutes) * 60_000;
const maxMs = (life: TokenLifetimes, remember: boolean) => (remember ? life.tokenRememberMaxDays * 24 : life.tokenMaxHours) * 3_600_000;

/**
 * When a token used at `nowMs` expires: its idle life from now, but never past its absolute end
 * (its creation plus the maximum life), however often it is used (ASVS 3.3.2).
 */
function expiryAfterUse(nowMs: number, createdMs: number, remember: boolean, life: TokenLifetimes): string {
  return new Date(Math.min(nowMs + idleMs(life, remember), createdMs + maxMs(life, remember))).toISOString();
}

// One-shot hashing: no Hash object per request (every authenticated request hashes its token).
function sha256(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Sanctum-style token: the client gets `id|secret`, the database keeps only SHA-256(secret). */
export async function issueToken(db: Kysely<DB>, userId: number, remember: boolean, life: TokenLifetimes, name = 'web'): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const now = nowIso();
  const expires_at = expiryAfterUse(Date.parse(now), Date.parse(now), remember, life);
  const id = await db.transaction().execute((trx) => insertToken(trx, { user_id: userId, token_hash: sha256(secret), name, remember: remember ? 1 : 0, now, expires_at }));
  return `${id}|${secret}`;
}

/**
 * The token and user a bearer token stands for (one query, read afresh on every request, so a
 * sign-out or a password change in any process refuses the token at once), or null when unknown,
 * wrong or expired. Also answers whether maintenance mode and lockdown are on, since every
 * authenticated request needs them.
 */
export async function resolveToken(
  db: Kysely<DB>,
  raw: string,
  life: TokenLifetimes,
  log?: { warn(obj: object, msg: string): void },
): Promise<{ tokenId: number; user: Omit<AuthUser, 'roles' | 'permissions' | 'sites' | 'all_sites'>; maintenance: boolean; lockdown: boolean } | null> {
  const bar = raw.indexOf('|');
  if (bar < 1) return null;
  const tokenId = Number(raw.slice(0, bar));
  if (!Number.isSafeInteger(tokenId) || tokenId <= 0 || tokenId > 2_147_483_647) return null;
  const row = await db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.token_hash', 't.remember', 't.last_used_at', 't.expires_at', 't.created_at', 'u.id', 'u.name', 'u.email', 'u.email_verified_at', 'u.calendar', 'u.locale'])
    .select((eb) => eb.selectFrom('settings').select('value').where('key', '=', 'maintenance_mode').as('maintenance'))
    .select((eb) => eb.selectFrom('settings').select('value').where('key', '=', LOCKDOWN_SETTING).as('lockdown'))
    .where('t.id', '=', tokenId)
    .executeTakeFirst();
  if (!row) return null;
  const given = Buffer.from(sha256(raw.slice(bar + 1)), 'hex');
  const stored = Buffer.from(row.token_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  const now = Date.now();
  // The request does not wait for these writes: it is answered from what was read, and a
  // lost touch only shortens a session by the time since the last one.
  const unawaited = (p: Promise<unknown>) => void p.catch((err: unknown) => log?.warn({ err }, 'token bookkeeping write failed'));
  const remember = !!row.remember;
  const created = Date.parse(row.created_at);
  if (Date.parse(row.expires_at) <= now || created + maxMs(life, remember) <= now) {
    unawaited(db.transaction().execute((trx) => deleteToken(trx, { id: tokenId })));
    return null;
  }
  // Touched well before the idle life runs out, however short it is configured, so a token in
  // use never expires between two touches.
  if (now - Date.parse(row.last_used_at) > Math.min(TOUCH_AFTER_MS, idleMs(life, remember) / 4)) {
    unawaited(db.transaction().execute((trx) => touchToken(trx, { id: tokenId, now: new Date(now).toISOString(), expiresAt: expiryAfterUse(now, created, remember, life) })));
  }
  return {
    tokenId,
    user: { id: row.id, name: row.name, email: row.email, email_verified_at: row.email_verified_at, calendar: row.calendar, locale: row.locale },
    maintenance: row.maintenance === '1',
    lockdown: row.lockdown != null,
  };
}

export async function revokeToken(db: Kysely<DB>, tokenId: number): Promise<void> {
  await db.transaction().execute((trx) => deleteToken(trx, { id: tokenId }));
}

/** Sign the user out everywhere, this device too: each token is read afresh per request, so the next request of any is refused. */
export async function revokeAllTokens(db: Kysely<DB>, userId: number): Promise<void> {
  await db.transaction().execute((trx) => endTokens(trx, { userId }, ERROR_CODE.sessionRevoked));
}

/** Sign the user out everywhere but the current device (after a password change); inside a write's transaction. */
export async function revokeOtherTokens(db: Kysely<DB>, userId: number, keepTokenId: number | null): Promise<void> {
  await endTokens(db, { userId, keepTokenId }, ERROR_CODE.sessionRevoked);
}

/** End every session of a user whose account is being removed; inside that write's transaction. */
export async function revokeTokensOfRemovedUser(db: Kysely<DB>, userId: number): Promise<void> {
  await endTokens(db, { userId }, ERROR_CODE.accountDisabled);
}

/** End every session of every user but one (lockdown): inside a write's transaction; answers how many ended. */
export async function revokeEveryOtherToken(db: Kysely<DB>, keepTokenId: number | null): Promise<number> {
  return endTokens(db, { keepTokenId }, ERROR_CODE.sessionRevoked);
}

/**
 * Why the server ended this bearer token, when it did and the token would still be alive: only
 * its holder (the hash must match) learns it. Null for a token unknown, wrong, or ended by its own
 * sign-out or by time, which answer as every other 401.
 */
export async function whyTokenEnded(db: Kysely<DB>, raw: string): Promise<EndedBecause | null> {
  const bar = raw.indexOf('|');
  if (bar < 1) return null;
  const tokenId = Number(raw.slice(0, bar));
  if (!Number.isSafeInteger(tokenId) || tokenId <= 0 || tokenId > 2_147_483_647) return null;
  const row = await db.selectFrom('revoked_tokens').select(['token_hash', 'reason', 'expires_at']).where('token_id', '=', tokenId).executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
  const given = Buffer.from(sha256(raw.slice(bar + 1)), 'hex');
  const stored = Buffer.from(row.token_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  return row.reason === ERROR_CODE.accountDisabled ? ERROR_CODE.accountDisabled : ERROR_CODE.sessionRevoked;
}
