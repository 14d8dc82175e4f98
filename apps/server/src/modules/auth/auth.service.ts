import type { Kysely } from 'kysely';
import { MSG } from '@app/shared/messages';
import type { AuthUser, LoginResponse } from '@app/shared/schemas/auth.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { loadAuthUser } from './current-user.service.ts';
import { issueToken, type TokenLifetimes } from './tokens.service.ts';

/** Laravel's default: five failed attempts per e-mail and address, then a one-minute wait. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_DECAY_SECONDS = 60;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function login(
  deps: { db: Kysely<DB>; limiter: RateLimiter; life: TokenLifetimes },
  input: { email: string; password: string; remember: boolean },
  ip: string,
): Promise<LoginResponse> {
  const email = normaliseEmail(input.email);
  const key = `login:${email}|${ip}`;
  const seen = await deps.limiter.peek(key);
  if (seen.count >= LOGIN_MAX_ATTEMPTS) throw tooManyAttempts(seen.retryAfter);

  const row = await deps.db.selectFrom('users').select(['id', 'password']).where('email', '=', email).executeTakeFirst();
  const ok = await verifyPassword(row?.password ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok) {
    const { count, retryAfter } = await deps.limiter.hit(key, LOGIN_DECAY_SECONDS);
    if (count > LOGIN_MAX_ATTEMPTS) throw tooManyAttempts(retryAfter);
    throw AppError.validation('email', MSG.badCredentials);
  }
  await deps.limiter.clear(key);
  const token = await issueToken(deps.db, row.id, input.remember, deps.life);
  const user = (await loadAuthUser(deps.db, row.id)) as AuthUser;
  return { user, token };
}

function tooManyAttempts(retryAfter: number): AppError {
  return new AppError(429, MSG.tooManyAttempts.replace(':seconds', String(retryAfter)), undefined, { 'Retry-After': String(retryAfter) });
}

export async function register(db: Kysely<DB>, input: { name: string; email: string; password: string }): Promise<number> {
  const email = normaliseEmail(input.email);
  const taken = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) throw AppError.validation('email', 'The email has already been taken.');
  const password = await hashPassword(input.password);
  const now = nowIso();
  // Self-registered users get no role (docs/design-decisions.md): an administrator grants one.
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('users')
      .values({ name: input.name.trim(), email, password, email_verified_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logActivity(trx, { userId: id, type: 'user', action: 'registered', subjectType: 'user', subjectId: id, name: input.name.trim() });
    return id;
  });
}
