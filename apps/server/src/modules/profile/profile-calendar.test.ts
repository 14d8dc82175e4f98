import { expect, it } from 'vitest';
import { call, describeEachDatabase, userWithRoles } from '../../../test/harness.ts';

/** Each user's calendar (migration 0021), set through PUT /api/profile. */
describeEachDatabase('profile calendar', (server) => {
  const stored = async (id: number) =>
    (await server().database.db.selectFrom('users').select('calendar').where('id', '=', id).executeTakeFirstOrThrow()).calendar;

  it('starts Gregorian, is saved as Solar Hijri, answered by every signed-in user answer, and kept when left out', async () => {
    const u = await userWithRoles(server(), ['Teacher']);
    expect((await call(server(), 'GET', '/api/auth/user', { token: u.token })).body.user.calendar).toBe('gregorian');

    const saved = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra', email: u.email, calendar: 'persian' } });
    expect(saved.status).toBe(200);
    expect(saved.body.user.calendar).toBe('persian');
    expect(await stored(u.id)).toBe('persian');
    expect((await call(server(), 'GET', '/api/auth/user', { token: u.token })).body.user.calendar).toBe('persian');
    const login = await call(server(), 'POST', '/api/auth/login', { body: { email: u.email, password: 'user-password-1' } });
    expect(login.body.user.calendar).toBe('persian');

    // A name change from a form without the calendar leaves it as it is.
    const renamed = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra Noori', email: u.email } });
    expect(renamed.body.user).toMatchObject({ name: 'Zahra Noori', calendar: 'persian' });

    const back = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra Noori', email: u.email, calendar: 'gregorian' } });
    expect(back.body.user.calendar).toBe('gregorian');
    expect(await stored(u.id)).toBe('gregorian');
  });

  it('refuses a calendar it does not know with 422 and stores nothing of that request', async () => {
    const u = await userWithRoles(server(), []);
    for (const calendar of ['islamic', 'Persian', '', 1, null]) {
      const res = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Changed Name', email: u.email, calendar } });
      expect(res.status).toBe(422);
      expect(res.body.errors.calendar).toEqual(['The selected calendar is invalid.']);
      expect(res.body.message).toBe('The selected calendar is invalid.');
    }
    const row = await server().database.db.selectFrom('users').select(['name', 'calendar']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: expect.not.stringMatching('Changed Name'), calendar: 'gregorian' });
  });
});
