import { expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { ADMIN, call, describeEachDatabase, login, loginAdmin, startServer, type TestServer } from '../../../test/harness.ts';

describeEachDatabase('auth', (server) => {
  it('signs the first Super Admin in and answers the user with roles and permissions', async () => {
    const res = await call(server(), 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^\d+\|[A-Za-z0-9_-]{20,}$/);
    expect(res.body.user.email).toBe(ADMIN.email);
    expect(res.body.user.roles.map((r: any) => r.name)).toEqual(['Super Admin']);
    expect(res.body.user.permissions.map((p: any) => p.name)).toContain('manage-settings');

    const me = await call(server(), 'GET', '/api/auth/user', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(ADMIN.email);
  });

  it('stores only a hash of the token secret', async () => {
    const token = await loginAdmin(server());
    const [id, secret] = token.split('|');
    const row = await server().database.db.selectFrom('personal_access_tokens').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(secret);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers wrong credentials with 422 and a message on email', async () => {
    const res = await call(server(), 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: 'wrong-password' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['These credentials do not match our records.']);
    expect(res.body.message).toBe('These credentials do not match our records.');
  });

  it('validates the login form with the spec messages', async () => {
    const res = await call(server(), 'POST', '/api/auth/login', { body: { email: '', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toContain('Email is required');
    expect(res.body.errors.password).toEqual(['Password is required']);
    const bad = await call(server(), 'POST', '/api/auth/login', { body: { email: 'not-an-email', password: 'x' } });
    expect(bad.body.errors.email).toEqual(['Please enter a valid email']);
  });

  it('throttles repeated failures per e-mail and address with 429 and Retry-After', async () => {
    const body = { email: 'nobody-throttle@test.org', password: 'wrong' };
    for (let i = 0; i < 5; i++) expect((await call(server(), 'POST', '/api/auth/login', { body })).status).toBe(422);
    const res = await call(server(), 'POST', '/api/auth/login', { body });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/Too many login attempts/);
    // another e-mail from the same address is not affected
    expect((await call(server(), 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } })).status).toBe(200);
  });

  it('registers a user without a role who can sign in but reach nothing guarded', async () => {
    const body = { name: 'Fatima Ahmadi', email: 'Fatima@Test.org', password: 'secret-pass', password_confirmation: 'secret-pass' };
    const res = await call(server(), 'POST', '/api/auth/register', { body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Registration successful. Please log in.', redirectTo: '/login' });
    const token = await login(server(), 'fatima@test.org', 'secret-pass');
    const me = await call(server(), 'GET', '/api/auth/user', { token });
    expect(me.body.user.roles).toEqual([]);
    expect(me.body.user.permissions).toEqual([]);
    expect((await call(server(), 'GET', '/api/activities/recent', { token })).status).toBe(403);

    const again = await call(server(), 'POST', '/api/auth/register', { body });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('validates registration with the spec messages', async () => {
    const res = await call(server(), 'POST', '/api/auth/register', {
      body: { name: '', email: 'bad', password: 'short', password_confirmation: 'other' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['Name is required']);
    expect(res.body.errors.email).toEqual(['Please enter a valid email']);
    expect(res.body.errors.password).toEqual(['Password must be at least 8 characters']);
    const mismatch = await call(server(), 'POST', '/api/auth/register', {
      body: { name: 'A', email: 'a-mismatch@test.org', password: 'long-enough', password_confirmation: 'different!' },
    });
    expect(mismatch.body.errors.password_confirmation).toEqual(['Passwords must match']);
  });

  it('logs out by deleting the token', async () => {
    const token = await loginAdmin(server());
    expect((await call(server(), 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const me = await call(server(), 'GET', '/api/auth/user', { token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });

  it('applies a sign-out to the next request, whether this server made it or another process did', async () => {
    const here = await loginAdmin(server());
    expect((await call(server(), 'GET', '/api/auth/user', { token: here })).status).toBe(200);
    await server().database.db.deleteFrom('personal_access_tokens').where('id', '=', Number(here.split('|')[0])).execute();
    expect((await call(server(), 'GET', '/api/auth/user', { token: here })).status).toBe(401);

    // Signed out by another process: a connection of its own, whose writes this one does not count.
    const signOutElsewhere = async (target: TestServer) => {
      const token = await loginAdmin(target);
      expect((await call(target, 'GET', '/api/auth/user', { token })).status).toBe(200);
      const other = openDatabase(target.config);
      try {
        await other.db.deleteFrom('personal_access_tokens').where('id', '=', Number(token.split('|')[0])).execute();
      } finally {
        await other.destroy();
      }
      return token;
    };
    const severalProcesses = await startServer(server().dialect, { workers: 2 });
    try {
      const token = await signOutElsewhere(severalProcesses);
      expect((await call(severalProcesses, 'GET', '/api/auth/user', { token })).status).toBe(401);
    } finally {
      await severalProcesses.close();
    }
    const token = await signOutElsewhere(server());
    expect((await call(server(), 'GET', '/api/auth/user', { token })).status).toBe(401);
  });

  it('refuses forged, malformed and expired tokens', async () => {
    const token = await loginAdmin(server());
    const [id] = token.split('|');
    for (const bad of [`${id}|forged-secret`, 'garbage', '|', '999999|x']) {
      expect((await call(server(), 'GET', '/api/auth/user', { token: bad })).status).toBe(401);
    }
    await server().database.db.updateTable('personal_access_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', Number(id)).execute();
    expect((await call(server(), 'GET', '/api/auth/user', { token })).status).toBe(401);
  });

  it('gives Remember me a longer life than a plain sign-in', async () => {
    const plain = await call(server(), 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    const remembered = await call(server(), 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password, remember: true } });
    const expiry = async (t: string) =>
      (await server().database.db.selectFrom('personal_access_tokens').select('expires_at').where('id', '=', Number(t.split('|')[0])).executeTakeFirstOrThrow()).expires_at;
    const a = Date.parse(await expiry(plain.body.token));
    const b = Date.parse(await expiry(remembered.body.token));
    expect(b - a).toBeGreaterThan(24 * 3600 * 1000);
  });
});
