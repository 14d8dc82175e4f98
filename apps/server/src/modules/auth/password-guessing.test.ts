import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachDatabase, startServer, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { PER_CLIENT, passwordWorkInFlight } from '../../lib/password.ts';
import { LOGIN_MAX_ATTEMPTS } from './auth.service.ts';

/** Sign in from another local address (127.0.0.2 reaches the same loopback server). */
function loginFrom(server: TestServer, localAddress: string, email: string, password: string): Promise<number> {
  const url = new URL('/api/auth/login', server.url);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    // Sign-in needs the CSRF cookie echoed (a request without a bearer token).
    const token = 'a'.repeat(40);
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describeEachDatabase('password guessing', (server, dialect) => {
  it('checks at most the allowed number of passwords however many sign-ins arrive at once', async () => {
    const u = await userWithRoles(server(), ['Teacher'], 'right-password-1');
    const tokensBefore = await server().database.db.selectFrom('personal_access_tokens').select('id').where('user_id', '=', u.id).execute();
    const guess = (password: string) => call(server(), 'POST', '/api/auth/login', { body: { email: u.email, password } });
    const wrong = Promise.all(Array.from({ length: 299 }, (_, i) => guess(`wrong-${i}`)));
    // The right password arrives once the wrong ones have used up the allowed attempts (counted
    // before any is checked), while most are still in flight: it is past the limit.
    while ((await server().app.limiter.peek(`login:${u.email}|127.0.0.1`)).count < LOGIN_MAX_ATTEMPTS) await new Promise((r) => setTimeout(r, 5));
    const right = await guess('right-password-1');
    const answers = [...(await wrong), right];
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(LOGIN_MAX_ATTEMPTS);
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    const tokensAfter = await server().database.db.selectFrom('personal_access_tokens').select('id').where('user_id', '=', u.id).execute();
    expect(tokensAfter).toHaveLength(tokensBefore.length);
  });

  it('lets a stolen session check at most five current passwords, however many arrive at once', async () => {
    const u = await userWithRoles(server(), ['Teacher'], 'owner-password-1');
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 30 ? 'owner-password-1' : `guess-${i}`));
    const answers = await Promise.all(
      guesses.map((current_password) =>
        call(server(), 'PUT', '/api/profile', { token: u.token, body: { current_password, password: 'taken-over-1', password_confirmation: 'taken-over-1' } }),
      ),
    );
    expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(5);
  });

  it('answers an e-mail too long for any account with 422, not a server error', async () => {
    const res = await call(server(), 'POST', '/api/auth/login', { body: { email: `${'a'.repeat(400)}@example.org`, password: 'whatever-1' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toBeDefined();
  });

  describe('behind one reverse proxy (TRUST_PROXY=1)', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startServer(dialect, { trustProxy: 1 });
    });
    afterAll(async () => {
      await proxied?.close();
    });

    it('counts the address the proxy wrote (the right-most), whatever the client put left of it', async () => {
      const u = await userWithRoles(proxied, ['Teacher'], 'right-password-1');
      for (let i = 0; i < 3; i++) {
        const res = await call(proxied, 'POST', '/api/auth/login', {
          body: { email: u.email, password: `wrong-${i}` },
          headers: { 'X-Forwarded-For': `10.9.8.${i}, 203.0.113.7` },
        });
        expect(res.status).toBe(422);
      }
      expect((await proxied.app.limiter.peek(`login:${u.email}|203.0.113.7`)).count).toBe(3);
      expect((await proxied.app.limiter.peek(`login:${u.email}|10.9.8.0`)).count).toBe(0);
    });
  });

  describe('a burst from one address', () => {
    let guarded: TestServer;
    beforeAll(async () => {
      // The product's own per-address limit (the shared test server raises it for its many sign-ins).
      guarded = await startServer(dialect, { passwordChecksPerMinute: 60 });
    });
    afterAll(async () => {
      await guarded?.close();
    });

    it('keeps one address from taking the CPU: a burst of unknown e-mails hashes a few at a time, and a real user elsewhere signs in', async () => {
      const real = await userWithRoles(guarded, ['Teacher'], 'real-password-1');
      let most = 0;
      let sampling = true;
      const sample = () => {
        most = Math.max(most, passwordWorkInFlight());
        if (sampling) setImmediate(sample);
      };
      sample();
      const burst = Promise.all(
        Array.from({ length: 150 }, (_, i) => call(guarded, 'POST', '/api/auth/login', { body: { email: `nobody-${i}@example.org`, password: 'guess-guess-1' } })),
      );
      const realStatus = await loginFrom(guarded, '127.0.0.2', real.email, 'real-password-1');
      const answers = await burst;
      sampling = false;
      expect(realStatus).toBe(200);
      // The burst's address never had more than PER_CLIENT hashes waiting or running; the real user one more.
      expect(most).toBeLessThanOrEqual(PER_CLIENT + 1);
      // At most the per-address limit of them were checked at all; the rest were refused at once.
      expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(60);
      expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(90);
      // The real user still signs in from their address after the burst; the burst's address waits.
      expect(await loginFrom(guarded, '127.0.0.2', real.email, 'real-password-1')).toBe(200);
      expect((await call(guarded, 'POST', '/api/auth/login', { body: { email: real.email, password: 'real-password-1' } })).status).toBe(429);
    });
  });
});
