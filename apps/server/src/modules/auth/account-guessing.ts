import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@app/shared/messages';
import type { Language } from '@app/shared/i18n/languages';
import { formatMessage } from '@app/shared/i18n/localise';
import { MAIL_MESSAGES } from '@app/shared/i18n/mail-messages';
import { AppError } from '../../lib/app-error.ts';
import { oneLine, type Mailer } from '../../lib/mailer.ts';
import type { PasswordLane } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/**
 * Guessing one account's password from many addresses (ASVS 2.2.1). The per-address limits do
 * not see it, so each account also counts its failed sign-ins, whatever the address: past
 * ACCOUNT_FREE_FAILURES in a window, a sign-in from an address the owner never signed in from
 * gets one password check per ACCOUNT_SLOWED_SECONDS for the whole account. That slows a guesser
 * to a few dozen guesses an hour; it never locks the owner out: the next slot is a minute away,
 * and from an address they signed in from before they are not slowed at all. The owner is told
 * by e-mail (where mail is configured) once a window, when the slowing begins.
 *
 * Every count lives in the database (lib/rate-limiter.ts), so all processes and machines share
 * it. An attempt is counted before its password is checked, and taken back if it was the owner's.
 */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_SLOWED_SECONDS = 60;
/** How long an address the owner signed in from stays one they are known at. */
const KNOWN_ADDRESS_SECONDS = 90 * 24 * 60 * 60;
/** How long a failed check marks its address as one with recent failures. */
const ADDRESS_FAILURE_SECONDS = 15 * 60;

export const accountKey = (email: string) => `login-account:${email}`;
export const accountSlotKey = (email: string) => `login-account-slot:${email}`;
const knownAddressKey = (email: string, ip: string) => `signed-in-from:${email}|${ip}`;
const addressFailuresKey = (ip: string) => `password-failures:${ip}`;

export interface AccountAttempt {
  /** The hashing queue's lane for this check (lib/password.ts). */
  lane: PasswordLane;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

interface Deps {
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Count a sign-in at `email` from `ip` before its password is checked: refused (429) while the
 * account is slowed and this address is not the owner's; otherwise the lane its check waits in.
 */
export async function accountAttempt(deps: Deps, email: string, ip: string, owner: { name: string; locale: Language | null } | undefined): Promise<AccountAttempt> {
  const { limiter } = deps;
  const known = (await limiter.peek(knownAddressKey(email, ip))).count > 0;
  const account = await limiter.hit(accountKey(email), ACCOUNT_WINDOW_SECONDS);
  if (account.count > ACCOUNT_FREE_FAILURES && !known) {
    if (account.count === ACCOUNT_FREE_FAILURES + 1 && owner) tellOwner(deps, email, owner);
    const slot = await limiter.hit(accountSlotKey(email), ACCOUNT_SLOWED_SECONDS);
    if (slot.count > 1) {
      await limiter.forget(accountKey(email));
      throw new AppError(429, MSG.tooManyAttempts.replace(':seconds', String(slot.retryAfter)), undefined, { 'Retry-After': String(slot.retryAfter) });
    }
  }
  const lane: PasswordLane = known || (await limiter.peek(addressFailuresKey(ip))).count === 0 ? 'trusted' : 'other';
  return {
    lane,
    async failed() {
      await limiter.hit(addressFailuresKey(ip), ADDRESS_FAILURE_SECONDS);
    },
    async succeeded() {
      await limiter.forget(accountKey(email));
      await limiter.hit(knownAddressKey(email, ip), KNOWN_ADDRESS_SECONDS);
    },
  };
}

function tellOwner(deps: Deps, email: string, owner: { name: string; locale: Language | null }): void {
  if (!deps.mailer.enabled) return;
  const language = owner.locale ?? 'en';
  const say = (template: string) => formatMessage(template, { name: oneLine(owner.name) }, language);
  const text = [say(MAIL_MESSAGES.greeting), '', say(MAIL_MESSAGES.guessingIntro), '', say(MAIL_MESSAGES.guessingAdvice)].join('\n');
  void deps.mailer
    .send({ to: email, subject: say(MAIL_MESSAGES.guessingSubject), text, language })
    .catch((err: unknown) => deps.log.error({ err }, 'sign-in attempts notice could not be sent'));
}
