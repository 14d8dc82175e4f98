import { hash as sha256 } from 'node:crypto';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, capturingMailer, startServer, userWithRoles, type TestServer } from '../../../test/harness.ts';
import type { Dialect } from '../../config.ts';
import { OTHER_LANE_MAX_WAITING, passwordWorkWaiting } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { ACCOUNT_FREE_FAILURES, accountSlotKey } from './account-guessing.ts';

/**
 * Guesses spread over many addresses (behind one proxy, TRUST_PROXY=1, so each X-Forwarded-For
 * address is a client): one account is slowed whatever the address, its owner is told, and a
 * flood of sign-ins from addresses with failures cannot starve anyone else's.
 */

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(dialects)('guessing spread over addresses [%s]', (dialect) => {
  const mailer = capturingMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { trustProxy: 1 }, { mailer });
  });
  afterAll(async () => {
    await server?.close();
  });

  const signIn = (email: string, password: string, from?: string) =>
    call(server, 'POST', '/api/auth/login', { body: { email, password }, headers: from ? { 'X-Forwarded-For': from } : {} });

  it("slows guessing at one account from many addresses, tells its owner, and never locks the owner out", async () => {
    // The owner signed in once from their own address (127.0.0.1, no proxy header).
    const owner = await userWithRoles(server, ['Teacher'], 'owner-password-1');
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await signIn(owner.email, `guess-${i}`, `198.51.100.${i + 1}`)).status);
    // Ten free failures, then one check a minute for the whole account: the eleventh got it.
    expect(answers.slice(0, ACCOUNT_FREE_FAILURES + 1)).toEqual(Array(ACCOUNT_FREE_FAILURES + 1).fill(422));
    expect(answers.slice(ACCOUNT_FREE_FAILURES + 1)).toEqual(Array(30 - ACCOUNT_FREE_FAILURES - 1).fill(429));
    const slowed = await signIn(owner.email, 'owner-password-1', '198.51.100.200');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // The owner, from where they signed in before, is not slowed.
    expect((await signIn(owner.email, 'owner-password-1')).status).toBe(200);
    // Elsewhere, once the minute's slot is over (its window ended), the right password works: slowed, not locked.
    const slot = sha256('sha256', accountSlotKey(owner.email), 'base64url');
    await server.database.db.updateTable('rate_limits').set({ reset_at: 0 }).where('key', '=', slot).execute();
    expect((await signIn(owner.email, 'owner-password-1', '198.51.100.201')).status).toBe(200);

    // Told once, in the account's mail, without the guesses.
    const notices = mailer.sent.filter((m) => m.to === owner.email);
    expect(notices.map((m) => m.subject)).toEqual(['Many sign-in attempts on your account']);
    expect(notices[0]!.text).toContain('tried many wrong passwords');
    expect(notices[0]!.text).not.toContain('guess-');
  });

  it('keeps a flood from addresses with failures from starving a sign-in from a clean address, or from a known one', async () => {
    const known = await userWithRoles(server, ['Teacher'], 'known-password-1');
    const fresh = await userWithRoles(server, ['Teacher'], 'fresh-password-1');
    // Accounts whose hash costs a few hundred milliseconds of a core to check (many passes over
    // little memory), so the flood's checks queue up as they do in production.
    const slowHash = await argon2.hash('target-password-1', { type: argon2.argon2id, memoryCost: 1024, timeCost: 100, parallelism: 1 });
    const now = nowIso();
    const targets: string[] = [];
    for (let i = 0; i < 20; i++) {
      const email = `flood-target-${i}-${Date.now()}@test.org`;
      await server.database.db.insertInto('users').values({ name: `Target ${i}`, email, password: slowHash, email_verified_at: now, created_at: now, updated_at: now }).execute();
      targets.push(email);
    }
    // The flood's 100 addresses have each failed a sign-in already.
    const flooders = Array.from({ length: 100 }, (_, i) => `203.0.113.${i + 1}`);
    const failedOnce = await Promise.all(flooders.map((address) => signIn(`nobody-${address}@example.org`, 'guess-guess-1', address)));
    expect(failedOnce.map((r) => r.status)).toEqual(flooders.map(() => 422));

    const flood = Promise.all(Array.from({ length: 200 }, (_, i) => signIn(targets[i % 20]!, `flood-${i}`, flooders[i % 100])));
    // The flood's lane is full: another sign-in there would be refused at once.
    for (let i = 0; passwordWorkWaiting('other') < OTHER_LANE_MAX_WAITING; i++) {
      if (i > 20_000) throw new Error('the flood never filled its lane');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const [fromKnown, fromFresh] = await Promise.all([signIn(known.email, 'known-password-1'), signIn(fresh.email, 'fresh-password-1', '192.0.2.9')]);
    expect(fromKnown.status).toBe(200);
    expect(fromFresh.status).toBe(200);
    const floodAnswers = (await flood).map((r) => r.status);
    expect(floodAnswers.every((s) => s === 422 || s === 429)).toBe(true);
  }, 240_000);
});
