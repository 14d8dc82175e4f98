import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CalendarName } from '@app/shared/constants';
import type { Language } from '@app/shared/i18n/languages';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { PROFILE_MSG } from '@app/shared/schemas/profile.schema';
import { formatMessage } from '@app/shared/i18n/localise';
import { MAIL_MESSAGES } from '@app/shared/i18n/mail-messages';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { oneLine, type Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { countPasswordAttempt, normaliseEmail, type PasswordGuard } from '../auth/auth.service.ts';
import { loadAuthUser } from '../auth/current-user.service.ts';
import * as profileWrites from './profile.writes.ts';

/** Current-password checks allowed per user and minute before 429: a stolen session cannot guess. */
const CURRENT_PASSWORD_CHECKS = 5;

export interface ProfileDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The request's language: the e-mail change notice is written in it. */
  language?: Language;
}

/** The caller: who they are, the session they use, and where their password checks are counted. */
export interface ProfileCaller {
  user: AuthUser;
  tokenId: number | null;
  guard: PasswordGuard;
}

/**
 * Check the signed-in user's own password, typed again, counted before it is checked (one count
 * per user, shared by every route that asks for it: a stolen session cannot guess). A wrong or
 * missing one is a 422 on `field`.
 */
export async function checkCurrentPassword(deps: Pick<ProfileDeps, 'db'>, caller: Pick<ProfileCaller, 'user' | 'guard'>, given: string | undefined, missing: string, field = 'current_password'): Promise<void> {
  if (!given) throw AppError.validation(field, missing);
  await countPasswordAttempt(caller.guard, `current-password:${caller.user.id}`, CURRENT_PASSWORD_CHECKS, 60);
  const row = await deps.db.selectFrom('users').select('password').where('id', '=', caller.user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password, given, caller.guard.ip))) throw AppError.validation(field, PROFILE_MSG.currentWrong);
  // A success starts the count over: the attempts so far were the owner's.
  await caller.guard.limiter.clear(`current-password:${caller.user.id}`);
}

/**
 * Name and e-mail. A new e-mail needs the current password, is not verified, ends the sessions on
 * other devices, and the old address is told: a stolen session cannot
 * quietly move the account to an address where its password can be reset.
 */
export async function updateProfile(deps: ProfileDeps, caller: ProfileCaller, input: { name: string; email: string; current_password?: string; calendar?: CalendarName; locale?: Language }): Promise<AuthUser> {
  const email = normaliseEmail(input.email);
  const current = await deps.db.selectFrom('users').select('email').where('id', '=', caller.user.id).executeTakeFirstOrThrow();
  if (email !== current.email) await checkCurrentPassword(deps, caller, input.current_password, PROFILE_MSG.currentForEmail);
  const { previousEmail } = await deps.db.transaction().execute((trx) => profileWrites.updateProfile(trx, { userId: caller.user.id, name: input.name, email, now: nowIso(), keepTokenId: caller.tokenId, calendar: input.calendar, locale: input.locale }));
  if (previousEmail) notifyOldAddress(deps, previousEmail, email);
  return (await loadAuthUser(deps.db, caller.user.id)) as AuthUser;
}

function notifyOldAddress(deps: ProfileDeps, oldEmail: string, newEmail: string): void {
  if (!deps.mailer.enabled) return;
  const language = deps.language ?? 'en';
  const say = (template: string) => formatMessage(template, { email: oneLine(newEmail) }, language);
  const text = [say(MAIL_MESSAGES.emailChanged), '', say(MAIL_MESSAGES.emailChangedNewAddress), '', say(MAIL_MESSAGES.emailChangedWarning)].join('\n');
  void deps.mailer
    .send({ to: oldEmail, subject: say(MAIL_MESSAGES.emailChangedSubject), text, language })
    .catch((err: unknown) => deps.log.error({ err }, 'e-mail change notice could not be sent'));
}

/** The password typed again is the user's (429 past the per-minute count; 422 on `password` when wrong). */
export async function confirmPassword(deps: Pick<ProfileDeps, 'db'>, caller: Pick<ProfileCaller, 'user' | 'guard'>, password: string): Promise<void> {
  await checkCurrentPassword(deps, caller, password, PROFILE_MSG.passwordRequired, 'password');
}

/** Check the current password, set the new one, and sign the user out of every other device. */
export async function changePassword(deps: ProfileDeps, caller: ProfileCaller, input: { current_password: string; password: string }): Promise<void> {
  await checkCurrentPassword(deps, caller, input.current_password, PROFILE_MSG.currentRequired);
  const hash = await hashPassword(input.password, caller.guard.ip);
  const { user } = caller;
  await deps.db.transaction().execute((trx) => profileWrites.changePassword(trx, { userId: user.id, name: user.name, email: user.email, hash, now: nowIso(), keepTokenId: caller.tokenId }));
}
