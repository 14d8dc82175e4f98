import { expect, it } from 'vitest';
import { call, describeEachDatabase, login, loginAdmin, userWithRoles } from '../../../test/harness.ts';
import { deleteRevokedTokensBefore } from './auth.writes.ts';

/*
 * "Sign out everywhere" on the profile: a phone left signed in at a relative's, a shared
 * computer, are signed out from wherever the user still is. Every token of the user goes, the one
 * that asked too; nobody else's.
 */

describeEachDatabase('sign out everywhere', (server) => {
  it("revokes every token of the user, the one used too, so the next request of any is refused; others' stay", async () => {
    const me = await userWithRoles(server(), ['Teacher']);
    const phone = await login(server(), me.email, 'user-password-1');
    const remembered = (await call(server(), 'POST', '/api/auth/login', { body: { email: me.email, password: 'user-password-1', remember: true } })).body.token as string;
    const someoneElse = await userWithRoles(server(), ['Teacher']);
    for (const token of [me.token, phone, remembered]) expect((await call(server(), 'GET', '/api/auth/user', { token })).status).toBe(200);

    const res = await call(server(), 'POST', '/api/auth/logout-everywhere', { token: phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Signed out on every device and browser.' });
    for (const token of [me.token, phone, remembered]) {
      const after = await call(server(), 'GET', '/api/auth/user', { token });
      expect(after.status).toBe(401);
      // The spec's text, and why: the phone wipes what it keeps offline on this code only.
      expect(after.body).toEqual({ message: 'Unauthenticated.', code: 'session_revoked' });
    }
    expect(await server().database.db.selectFrom('personal_access_tokens').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
    expect((await call(server(), 'GET', '/api/auth/user', { token: someoneElse.token })).status).toBe(200);

    // Signing in again works as before.
    const again = await login(server(), me.email, 'user-password-1');
    expect((await call(server(), 'GET', '/api/auth/user', { token: again })).status).toBe(200);
  });

  it('answers in the reader\'s language, and refuses a caller without a valid token with 401', async () => {
    const me = await userWithRoles(server(), ['Teacher']);
    const dari = await call(server(), 'POST', '/api/auth/logout-everywhere', { token: me.token, headers: { 'Accept-Language': 'fa-AF' } });
    expect(dari.status).toBe(200);
    expect(dari.body.message).toBe('از همه دستگاه‌ها و مرورگرها خارج شدید.');
    // The token is gone: asking again is refused, and so is asking without one.
    expect((await call(server(), 'POST', '/api/auth/logout-everywhere', { token: me.token })).status).toBe(401);
    expect((await call(server(), 'POST', '/api/auth/logout-everywhere')).status).toBe(401);
  });

  it('tells only a token the server ended why: not an ordinary sign-out, a wrong secret, or a token past its life; a removed account says so', async () => {
    const me = await userWithRoles(server(), ['Teacher']);
    const signedOut = await login(server(), me.email, 'user-password-1');
    expect((await call(server(), 'POST', '/api/auth/logout', { token: signedOut })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/auth/user', { token: signedOut })).body).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });

    expect((await call(server(), 'POST', '/api/auth/logout-everywhere', { token: me.token })).status).toBe(200);
    const [id] = me.token.split('|');
    expect((await call(server(), 'GET', '/api/auth/user', { token: `${id}|not-the-secret` })).body.code).toBe('unauthenticated');
    expect((await call(server(), 'GET', '/api/auth/user', { token: me.token })).body.code).toBe('session_revoked');

    // Past the time the token would have expired anyway it is an unknown token, and the daily job deletes the row.
    const db = server().database.db;
    await db.updateTable('revoked_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_id', '=', Number(id)).execute();
    expect((await call(server(), 'GET', '/api/auth/user', { token: me.token })).body.code).toBe('unauthenticated');
    expect(await db.transaction().execute((trx) => deleteRevokedTokensBefore(trx, new Date().toISOString()))).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('revoked_tokens').select('token_id').where('token_id', '=', Number(id)).execute()).toEqual([]);

    const removed = await userWithRoles(server(), ['Teacher']);
    const admin = await loginAdmin(server());
    expect((await call(server(), 'DELETE', `/api/users/${removed.id}`, { token: admin })).status).toBeLessThan(300);
    const refused = await call(server(), 'GET', '/api/auth/user', { token: removed.token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Unauthenticated.', code: 'account_disabled' });
  });
});
