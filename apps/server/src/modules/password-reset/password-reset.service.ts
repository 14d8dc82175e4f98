import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { PASSWORD_RESET_MINUTES, PASSWORD_RESET_MSG } from '@app/shared/schemas/password-reset.schema';
import type { Language } from '@app/shared/i18n/languages';
import { formatMessage } from '@app/shared/i18n/localise';
import { MAIL_MESSAGES } from '@app/shared/i18n/mail-messages';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { oneLine, type Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/password.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { normaliseEmail } from '../auth/auth.service.ts';
import { getSetting } from '../settings/settings.service.ts';
import { deleteEveryResetToken, resetTokensFor, userByEmail } from './password-reset.repository.ts';
import * as resetWrites from './password-reset.writes.ts';

/** A new link is not mailed to the same address more often than this (mail-bombing). */
const RESEND_AFTER_MS = 60_000;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export interface ResetDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Send a one-time reset link when the address belongs to a user and mail is configured. The
 * caller answers the same in every case, and the mail goes out after the answer, so neither the
 * answer nor its timing tells whether the address is registered. The mail is in the account's
 * own language when its owner chose one, else in `requestLanguage`, the language it was asked in.
 */
export async function requestPasswordReset(deps: ResetDeps, rawEmail: string, requestLanguage: Language = 'en'): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const user = await userByEmail(deps.db, email);
  if (!user) return;
  if (!deps.mailer.enabled) {
    deps.log.info('password reset requested but SMTP_URL is not set: an administrator must set a new password');
    return;
  }
  const recent = (await resetTokensFor(deps.db, email)).some((t) => Date.now() - Date.parse(t.created_at) < RESEND_AFTER_MS);
  if (recent) return;
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  await deps.db.transaction().execute((trx) => resetWrites.storeResetToken(trx, {
    userId: user.id,
    name: user.name,
    email,
    token_hash: sha256(token),
    expires_at: addMinutes(now, PASSWORD_RESET_MINUTES),
    created_at: now,
  }));
  const organisation = (await getSetting(deps.db, 'organization_name')) || 'Orphan Care';
  const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  const language = user.locale ?? requestLanguage;
  // oneLine: a name or organisation name cannot add lines of its own to the mail (decision 0025).
  const values = { name: oneLine(user.name), organisation: oneLine(organisation), minutes: PASSWORD_RESET_MINUTES };
  const say = (template: string) => formatMessage(template, values, language);
  const text = [say(MAIL_MESSAGES.greeting), '', say(MAIL_MESSAGES.resetIntro), '', link, '', say(MAIL_MESSAGES.resetExpiry)].join('\n');
  void deps.mailer
    .send({ to: email, subject: say(MAIL_MESSAGES.resetSubject), text, language })
    .catch((err: unknown) => deps.log.error({ err }, 'password reset e-mail could not be sent'));
}

/** Check the token, set the password, and sign the user out everywhere; the token works once. */
export async function resetPassword(
  { db }: { db: Kysely<DB> },
  input: { email: string; token: string; password: string },
  ip: string,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const invalid = () => AppError.validation('email', PASSWORD_RESET_MSG.invalidToken);
  const given = Buffer.from(sha256(input.token), 'hex');
  const now = Date.now();
  const match = (await resetTokensFor(db, email)).find((t) => {
    const stored = Buffer.from(t.token_hash, 'hex');
    return stored.length === given.length && timingSafeEqual(stored, given) && Date.parse(t.expires_at) > now;
  });
  const user = match ? await userByEmail(db, email) : undefined;
  if (!match || !user) throw invalid();
  const hash = await hashPassword(input.password, ip);
  await db.transaction().execute((trx) => resetWrites.resetPassword(trx, { tokenId: match.id, userId: user.id, name: user.name, email, hash, now: nowIso() }));
}

/** For other modules' writes: a user's outstanding reset links end with their e-mail or account. */
export { deleteResetTokens } from './password-reset.repository.ts';

/** Cancel every unused reset link of every account, inside another write's transaction (lockdown); answers how many. */
export const cancelEveryResetLink = (trx: Transaction<DB>): Promise<number> => deleteEveryResetToken(trx);
