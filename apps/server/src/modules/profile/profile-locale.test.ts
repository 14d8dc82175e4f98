import { expect, it } from 'vitest';
import { call, describeEachDatabase, userWithRoles } from '../../../test/harness.ts';

/** Each user's language (migration 0020), set through PUT /api/profile, followed on every device. */
describeEachDatabase('profile locale', (server) => {
  const stored = async (id: number) =>
    (await server().database.db.selectFrom('users').select('locale').where('id', '=', id).executeTakeFirstOrThrow()).locale;

  it('is unset until chosen, then saved, answered by every signed-in user answer, and kept when left out', async () => {
    const u = await userWithRoles(server(), ['Teacher']);
    expect((await call(server(), 'GET', '/api/auth/user', { token: u.token })).body.user.locale).toBeNull();

    const saved = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra', email: u.email, locale: 'ps-AF' } });
    expect(saved.status).toBe(200);
    expect(saved.body.user.locale).toBe('ps-AF');
    expect(await stored(u.id)).toBe('ps-AF');
    expect((await call(server(), 'GET', '/api/auth/user', { token: u.token })).body.user.locale).toBe('ps-AF');
    // Another device signing in learns the language from the login answer.
    const login = await call(server(), 'POST', '/api/auth/login', { body: { email: u.email, password: 'user-password-1' } });
    expect(login.body.user.locale).toBe('ps-AF');

    // The profile form, which does not carry the language, leaves it as it is.
    const renamed = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra Noori', email: u.email } });
    expect(renamed.body.user).toMatchObject({ name: 'Zahra Noori', locale: 'ps-AF' });

    for (const locale of ['fa-AF', 'en'] as const) {
      const changed = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra Noori', email: u.email, locale } });
      expect(changed.body.user.locale).toBe(locale);
      expect(await stored(u.id)).toBe(locale);
    }
  });

  it('logs a change of name or e-mail, never a change of language or calendar alone', async () => {
    const u = await userWithRoles(server(), ['Teacher']);
    const logged = async () =>
      (await server().database.db.selectFrom('activities').select('action').where('user_id', '=', u.id).where('subject_type', '=', 'user').orderBy('id').execute()).map((r) => r.action);
    const before = await logged();
    const name = (await call(server(), 'GET', '/api/auth/user', { token: u.token })).body.user.name as string;

    for (const body of [{ locale: 'fa-AF' }, { locale: 'ps-AF', calendar: 'persian' }, { calendar: 'gregorian' }, {}]) {
      const res = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name, email: u.email, ...body } });
      expect(res.status).toBe(200);
    }
    expect(await logged()).toEqual(before);

    expect((await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: `${name} Noori`, email: u.email, locale: 'en' } })).status).toBe(200);
    expect(await logged()).toEqual([...before, 'profile_updated']);
  });

  it('refuses a language it does not know with 422 and stores nothing of that request', async () => {
    const u = await userWithRoles(server(), []);
    for (const locale of ['fa', 'ps', 'de', 'FA-af', '', 1, null]) {
      const res = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Changed Name', email: u.email, locale } });
      expect(res.status).toBe(422);
      expect(res.body.errors.locale).toEqual(['The selected language is invalid.']);
      expect(res.body.message).toBe('The selected language is invalid.');
    }
    const row = await server().database.db.selectFrom('users').select(['name', 'locale']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: expect.not.stringMatching('Changed Name'), locale: null });
  });
});
