import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { call, login, startServer, userWithRoles, type TestServer } from '../../../test/harness.ts';
import type { Dialect } from '../../config.ts';

/**
 * A sign-in ends when unused for its idle life, and in any case at the end of its absolute life
 * (ASVS 3.3.2), however often it is used. The server's clock is moved with a fake Date (the
 * server runs in this process); each step waits for the token's use to be written before the
 * clock moves on, as it would be in the seconds between two real requests.
 */

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(dialects)('session lifetime [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { tokenIdleMinutes: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const tokenRow = (s: TestServer, token: string) =>
    s.database.db.selectFrom('personal_access_tokens').select(['last_used_at', 'expires_at']).where('id', '=', Number(token.split('|')[0])).executeTakeFirst();

  /** Move the clock on by `ms`, use the token, and wait for the use to be recorded (when it was due). */
  async function useAfter(s: TestServer, token: string, ms: number): Promise<number> {
    vi.setSystemTime(Date.now() + ms);
    const status = (await call(s, 'GET', '/api/auth/user', { token })).status;
    if (status === 200) {
      const now = new Date().toISOString();
      for (let i = 0; (await tokenRow(s, token))?.last_used_at !== now; i++) {
        if (i > 1000) throw new Error('the token use was never recorded');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    return status;
  }

  it('keeps a session in use alive with TOKEN_IDLE_MINUTES=1, and ends it a minute after its last use', async () => {
    const u = await userWithRoles(server, ['Teacher']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < 10; i++) expect(await useAfter(server, u.token, 20_000), `use ${i + 1}, ${(i + 1) * 20} s in`).toBe(200);
    expect(await useAfter(server, u.token, MINUTE + 1000)).toBe(401);
  });

  it('ends a session used all the time 12 hours after the sign-in', async () => {
    const used = await startServer(dialect);
    try {
      const u = await userWithRoles(used, ['Teacher']);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      // Used every 100 minutes (the idle life is 120): alive until the twelfth hour ends it.
      for (let elapsed = 100; elapsed < 12 * 60; elapsed += 100) expect(await useAfter(used, u.token, 100 * MINUTE), `${elapsed} minutes in`).toBe(200);
      expect(await useAfter(used, u.token, 12 * HOUR - 700 * MINUTE + 1000)).toBe(401);

      // With Remember me: thirty days, used every ten.
      vi.useRealTimers();
      const res = await call(used, 'POST', '/api/auth/login', { body: { email: u.email, password: 'user-password-1', remember: true } });
      expect(res.status).toBe(200);
      const remembered: string = res.body.token;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      expect(await useAfter(used, remembered, 10 * DAY)).toBe(200);
      expect(await useAfter(used, remembered, 10 * DAY)).toBe(200);
      expect(await useAfter(used, remembered, 10 * DAY - MINUTE)).toBe(200);
      expect(await useAfter(used, remembered, 2 * MINUTE)).toBe(401);
      vi.useRealTimers();
      // A new sign-in starts a new life.
      expect(await login(used, u.email, 'user-password-1')).toMatch(/^\d+\|/);
    } finally {
      vi.useRealTimers();
      await used.close();
    }
  });
});
