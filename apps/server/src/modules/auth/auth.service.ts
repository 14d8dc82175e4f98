import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ERROR_CODE, MSG } from '@app/shared/messages';
import type { AuthUser, LoginResponse } from '@app/shared/schemas/auth.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { nowIso } from '../../lib/time.ts';
import { registerUser } from './auth.writes.ts';
import { heldUnderLockdown } from '../../lib/lockdown-grants.ts';
import { lockdownIsOn } from '../../lib/lockdown-setting.ts';
import { loadAuthUser } from './current-user.service.ts';
import { issueToken, type TokenLifetimes } from './tokens.service.ts';
import { accountAttempt, type AccountAttempt } from './account-guessing.ts';

/** Laravel's default: five attempts per e-mail and address, then a one-minute wait. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_DECAY_SECONDS = 60;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function tooManyAttempts(retryAfter: number): AppError {
  return new AppError(429, MSG.tooManyAttempts.replace(':seconds', String(retryAfter)), undefined, { 'Retry-After': String(retryAfter) });
}

/** Where a password is checked: the limiter, the caller's address, and how many checks an address may have per minute. */
export interface PasswordGuard {
  limiter: RateLimiter;
  ip: string;
  perAddress: number;
}

export const passwordGuard = (app: FastifyInstance, request: FastifyRequest): PasswordGuard => ({
  limiter: app.limiter,
  ip: request.ip,
  perAddress: app.appConfig.passwordChecksPerMinute,
});

/**
 * Count an attempt at a password-checking route before any password is checked: each concurrent request gets its own count from one atomic write, so at most
 * `max` checks run per window for `key`, and at most `perAddress` a minute from one address
 * whatever the e-mails (lib/password.ts bounds the hashing itself).
 */
export async function countPasswordAttempt(guard: PasswordGuard, key: string, max: number, windowSeconds: number): Promise<void> {
  const attempt = await guard.limiter.hit(key, windowSeconds);
  if (attempt.count > max) throw tooManyAttempts(attempt.retryAfter);
  await countAddressAttempt(guard);
}

/** The per-address count alone: for password routes without an account key (sign-up, reset). */
export async function countAddressAttempt(guard: PasswordGuard): Promise<void> {
  const address = await guard.limiter.hit(`password-address:${guard.ip}`, 60);
  if (address.count > guard.perAddress) throw tooManyAttempts(address.retryAfter);
}

export async function login(
  deps: { db: Kysely<DB>; guard: PasswordGuard; life: TokenLifetimes; mailer: Mailer; log: FastifyBaseLogger },
  input: { email: string; password: string; remember: boolean },
): Promise<LoginResponse> {
  const email = normaliseEmail(input.email);
  const { ip } = deps.guard;
  const key = `login:${email}|${ip}`;
  await countPasswordAttempt(deps.guard, key, LOGIN_MAX_ATTEMPTS, LOGIN_DECAY_SECONDS);
  const row = await deps.db.selectFrom('users').select(['id', 'password', 'name', 'locale']).where('email', '=', email).executeTakeFirst();
  const attempt: AccountAttempt = await accountAttempt({ ...deps, limiter: deps.guard.limiter }, email, ip, row);
  const ok = await verifyPassword(row?.password ?? (await dummyPasswordHash()), input.password, ip, attempt.lane);
  if (!row || !ok) {
    await attempt.failed();
    throw AppError.validation('email', MSG.badCredentials, ERROR_CODE.invalidCredentials);
  }
  // A success starts the count over: the attempts so far were the owner's.
  await deps.guard.limiter.clear(key);
  await attempt.succeeded();
  const token = await issueToken(deps.db, row.id, input.remember, deps.life);
  // What they hold now: under lockdown, what the server lets them do, not what their roles grant.
  const user = heldUnderLockdown((await loadAuthUser(deps.db, row.id)) as AuthUser, await lockdownIsOn(deps.db));
  return { user, token };
}

export async function register(db: Kysely<DB>, guard: PasswordGuard, input: { name: string; email: string; password: string }): Promise<number> {
  await countAddressAttempt(guard);
  const password = await hashPassword(input.password, guard.ip);
  return db.transaction().execute((trx) => registerUser(trx, { name: input.name.trim(), email: normaliseEmail(input.email), password, now: nowIso() }));
}
