import { expect, it } from 'vitest';
import { call, describeEachDatabase, login, userWithRoles } from '../../../test/harness.ts';

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
      expect(after.body).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
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
});
