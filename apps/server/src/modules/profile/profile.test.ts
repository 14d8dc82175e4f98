import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, capturingMailer, describeEachDatabase, login, startServer, userWithRoles, type TestServer } from '../../../test/harness.ts';

describeEachDatabase('profile', (server, dialect) => {
  it('updates name and e-mail, refusing an e-mail someone else has', async () => {
    const u = await userWithRoles(server(), ['Teacher']);
    const other = await userWithRoles(server(), []);
    const res = await call(server(), 'PUT', '/api/profile', {
      token: u.token,
      body: { name: 'Zahra Noori', email: `Zahra-${u.id}@Test.org`, current_password: 'user-password-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully!');
    expect(res.body.user).toMatchObject({ name: 'Zahra Noori', email: `zahra-${u.id}@test.org` });
    expect(res.body.user.roles.map((r: any) => r.name)).toEqual(['Teacher']);
    const taken = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra', email: other.email, current_password: 'user-password-1' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
    expect(taken.body.code).toBe('email_taken');
    // Keeping one's own e-mail is fine.
    expect((await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra', email: `zahra-${u.id}@test.org` } })).status).toBe(200);
  });

  it('validates the profile form with the spec messages', async () => {
    const u = await userWithRoles(server(), []);
    const res = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: '', email: 'nope' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['Name is required']);
    expect(res.body.errors.email).toEqual(['Invalid email']);
    const empty = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'A', email: '' } });
    expect(empty.body.errors.email).toContain('Email is required');
  });

  it('changes the password after checking the current one, signing out the other devices only', async () => {
    const u = await userWithRoles(server(), ['Teacher'], 'old-password-1');
    const otherDevice = await login(server(), u.email, 'old-password-1');

    const wrong = await call(server(), 'PUT', '/api/profile', {
      token: u.token,
      body: { current_password: 'not-it', password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['The current password is incorrect.']);

    const ok = await call(server(), 'PUT', '/api/profile', {
      token: u.token,
      body: { current_password: 'old-password-1', password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Password updated successfully!' });
    expect((await call(server(), 'GET', '/api/auth/user', { token: u.token })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/auth/user', { token: otherDevice })).status).toBe(401);
    await login(server(), u.email, 'new-password-1');
    const old = await call(server(), 'POST', '/api/auth/login', { body: { email: u.email, password: 'old-password-1' } });
    expect(old.status).toBe(422);
  });

  it('validates the password form with the spec messages', async () => {
    const u = await userWithRoles(server(), []);
    const res = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { current_password: '', password: 'short', password_confirmation: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.current_password).toEqual(['Current password is required']);
    expect(res.body.errors.password).toEqual(['Password must be at least 8 characters']);
    expect(res.body.errors.password_confirmation).toContain('Password confirmation is required');
    const mismatch = await call(server(), 'PUT', '/api/profile', {
      token: u.token,
      body: { current_password: 'x', password: 'long-enough-1', password_confirmation: 'long-enough-2' },
    });
    expect(mismatch.body.errors.password_confirmation).toEqual(['Passwords must match']);
  });

  it('needs a signed-in user', async () => {
    expect((await call(server(), 'PUT', '/api/profile', { body: { name: 'x', email: 'x@test.org' } })).status).toBe(401);
  });

  describe('changing the e-mail', () => {
    let mailed: TestServer;
    const mailer = capturingMailer();
    beforeAll(async () => {
      mailed = await startServer(dialect, {}, { mailer });
    });
    afterAll(async () => {
      await mailed?.close();
    });

    it('needs the current password, drops the verification, signs out other devices and tells the old address', async () => {
      const u = await userWithRoles(mailed, ['Teacher'], 'owner-password-1');
      const otherDevice = await login(mailed, u.email, 'owner-password-1');
      const next = `moved-${u.id}@test.org`;

      const without = await call(mailed, 'PUT', '/api/profile', { token: u.token, body: { name: 'Owner', email: next } });
      expect(without.status).toBe(422);
      expect(without.body.errors.current_password).toEqual(['Enter your current password to change your e-mail address.']);
      const wrong = await call(mailed, 'PUT', '/api/profile', { token: u.token, body: { name: 'Owner', email: next, current_password: 'stolen-session' } });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.current_password).toEqual(['The current password is incorrect.']);
      // Refused changes change nothing.
      expect((await mailed.database.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow()).email).toBe(u.email);
      expect(mailer.sent).toEqual([]);

      const ok = await call(mailed, 'PUT', '/api/profile', { token: u.token, body: { name: 'Owner', email: next, current_password: 'owner-password-1' } });
      expect(ok.status).toBe(200);
      expect(ok.body.user).toMatchObject({ email: next, email_verified_at: null });
      expect((await call(mailed, 'GET', '/api/auth/user', { token: u.token })).status).toBe(200);
      expect((await call(mailed, 'GET', '/api/auth/user', { token: otherDevice })).status).toBe(401);
      expect(mailer.sent).toHaveLength(1);
      expect(mailer.sent[0]).toMatchObject({ to: u.email });
      expect(mailer.sent[0]!.text).toContain(next);

      // A name change alone asks for no password and keeps the sessions.
      const again = await login(mailed, next, 'owner-password-1');
      expect((await call(mailed, 'PUT', '/api/profile', { token: u.token, body: { name: 'Owner Renamed', email: next } })).status).toBe(200);
      expect((await call(mailed, 'GET', '/api/auth/user', { token: again })).status).toBe(200);
    });
  });
});
