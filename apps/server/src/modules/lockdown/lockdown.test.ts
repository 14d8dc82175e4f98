import { expect, it } from 'vitest';
import { SENSITIVITY_CLASSES, editPermissionOf, viewPermissionOf } from '@app/shared/sensitivity';
import { ADMIN, call, capturingMailer, describeEachDatabase, login, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';

/*
 * Lockdown: a Super Admin types their password again and, at once, every other session ends
 * (whoever holds it, another Super Admin's and their own other devices' too), maintenance mode goes
 * on, and the state is kept in the database for every process. Lifting it takes the password again
 * and puts maintenance back as it was. While it is on, nobody but a Super Admin holds a permission
 * over a sensitive class — and the sign-in answer says so — and no password-reset link mailed
 * before it works. A wrong password, or anyone else, changes nothing.
 */

const signedIn = async (server: TestServer, token: string) => (await call(server, 'GET', '/api/auth/user', { token })).status;
const maintenance = async (server: TestServer) => (await call(server, 'GET', '/api/settings/public')).body.maintenance_mode as string;
const lockdownEntries = async (server: TestServer, token: string) =>
  ((await call(server, 'GET', '/api/activities?subject_type=settings&per_page=100', { token })).body.data as Array<{ action: string; user: { id: number } | null }>).filter((e) => e.action.startsWith('lockdown'));

const sensitive = SENSITIVITY_CLASSES.flatMap((c) => [viewPermissionOf(c), editPermissionOf(c)]);
/** The permissions the sign-in answer lists. */
const signInHolds = async (server: TestServer, email: string, password: string) => {
  const res = await call(server, 'POST', '/api/auth/login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.user.permissions as Array<{ name: string }>).map((p) => p.name);
};
/** The reset link's token in the last mail the server sent to `email`. */
const mailedResetToken = (server: TestServer, email: string) => {
  const mail = (server.app.mailer as ReturnType<typeof capturingMailer>).sent.findLast((m) => m.to === email);
  const token = mail?.text.match(/reset-password\?token=([^&\s]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(token);
};

describeEachDatabase('lockdown', (server) => {
  it('only a Super Admin may start or lift it; the others are refused and nothing changes', async () => {
    const manager = await userWithRoles(server(), ['Manager'], 'manager-pass-1');
    const teacher = await userWithRoles(server(), ['Teacher'], 'teacher-pass-1');
    for (const [who, password] of [[manager, 'manager-pass-1'], [teacher, 'teacher-pass-1']] as const) {
      for (const method of ['POST', 'DELETE']) {
        const res = await call(server(), method, '/api/lockdown', { token: who.token, body: { password } });
        expect(res.status, `${method} by ${who.email}`).toBe(403);
      }
    }
    expect((await call(server(), 'POST', '/api/lockdown', { body: { password: ADMIN.password } })).status).toBe(401);
    expect((await call(server(), 'GET', '/api/lockdown', { token: teacher.token })).body).toEqual({ data: { active: false, since: null } });
    expect(await signedIn(server(), manager.token)).toBe(200);
    expect(await maintenance(server())).not.toBe('1');
  });

  it('refuses a wrong or missing password with 422 in the spec shape, and changes nothing', async () => {
    const admin = await loginAdmin(server());
    const teacher = await userWithRoles(server(), ['Teacher']);
    const before = (await lockdownEntries(server(), admin)).length;

    const wrong = await call(server(), 'POST', '/api/lockdown', { token: admin, body: { password: 'not-the-password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'The current password is incorrect.', code: 'validation_failed', errors: { password: ['The current password is incorrect.'] } });
    const missing = await call(server(), 'POST', '/api/lockdown', { token: admin, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ password: ['Password is required'] });

    expect(await signedIn(server(), teacher.token)).toBe(200);
    expect(await maintenance(server())).not.toBe('1');
    expect((await call(server(), 'GET', '/api/lockdown', { token: admin })).body.data.active).toBe(false);
    expect(await lockdownEntries(server(), admin)).toHaveLength(before);
  });

  it('ends every other session at once, keeps the caller\'s, turns maintenance on, and DELETE lifts it', async () => {
    const admin = await loginAdmin(server());
    const adminElsewhere = await loginAdmin(server());
    const manager = await userWithRoles(server(), ['Manager']);
    const created = await call(server(), 'POST', '/api/orphans', { token: admin, body: { first_name: 'Lockdown', last_name: 'Child', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', identity_card_number: 'LCK-5512-7781', notes: 'Hidden under lockdown' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const childUrl = `/api/orphans/${created.body.data.id}`;
    const teacher = await userWithRoles(server(), ['Teacher']);
    const others = [adminElsewhere, manager.token, teacher.token];
    for (const token of [admin, ...others]) expect(await signedIn(server(), token)).toBe(200);

    const on = await call(server(), 'POST', '/api/lockdown', { token: admin, body: { password: ADMIN.password } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.active).toBe(true);
    expect(on.body.data.sessions_ended).toBeGreaterThanOrEqual(others.length);
    for (const token of others) {
      const next = await call(server(), 'GET', '/api/auth/user', { token });
      expect(next.status).toBe(401);
      expect(next.body).toEqual({ message: 'Unauthenticated.', code: 'session_revoked' });
    }
    expect(await signedIn(server(), admin)).toBe(200);
    expect(await maintenance(server())).toBe('1');
    const state = (await call(server(), 'GET', '/api/lockdown', { token: admin })).body.data;
    expect(state.active).toBe(true);
    expect(Date.parse(state.since)).not.toBeNaN();

    // Staff who sign in again meet maintenance; an administrator gets in (and sees the state).
    const teacherAgain = await login(server(), teacher.email, 'user-password-1');
    expect((await call(server(), 'GET', '/api/orphans', { token: teacherAgain })).status).toBe(503);
    const managerAgain = await login(server(), manager.email, 'user-password-1');
    expect((await call(server(), 'GET', '/api/lockdown', { token: managerAgain })).body.data.active).toBe(true);

    // Every sensitive class is out of reach of everyone but a Super Admin: the permissions that
    // show or write one are gone from the Manager's (so from every answer's need-to-know), not the Super Admin's.
    const held = async (token: string) => ((await call(server(), 'GET', '/api/auth/user', { token })).body.user.permissions as Array<{ name: string }>).map((p) => p.name);
    expect((await held(managerAgain)).filter((p) => sensitive.includes(p as never))).toEqual([]);
    expect(await held(managerAgain)).toContain('view-orphans');
    expect(await held(admin)).toEqual(expect.arrayContaining(sensitive));
    const seenByManager = (await call(server(), 'GET', childUrl, { token: managerAgain })).body.data;
    expect(seenByManager.first_name).toBe('Lockdown');
    expect(seenByManager).not.toHaveProperty('identity_card_number');
    expect(seenByManager).not.toHaveProperty('notes');
    expect((await call(server(), 'GET', childUrl, { token: admin })).body.data.identity_card_number).toBe('LCK-5512-7781');

    // Lifting needs the password too; a wrong one leaves it on.
    const wrong = await call(server(), 'DELETE', '/api/lockdown', { token: admin, body: { password: 'not-the-password' } });
    expect(wrong.status).toBe(422);
    expect((await call(server(), 'GET', '/api/lockdown', { token: admin })).body.data.active).toBe(true);
    expect(await maintenance(server())).toBe('1');

    const off = await call(server(), 'DELETE', '/api/lockdown', { token: admin, body: { password: ADMIN.password } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toEqual({ active: false, since: null, sessions_ended: 0 });
    expect((await call(server(), 'GET', '/api/lockdown', { token: admin })).body.data).toEqual({ active: false, since: null });
    expect(await maintenance(server())).toBe('0');
    expect((await call(server(), 'GET', '/api/orphans', { token: teacherAgain })).status).toBe(200);
    expect(await held(managerAgain)).toEqual(expect.arrayContaining(sensitive));
    expect((await call(server(), 'GET', childUrl, { token: managerAgain })).body.data.identity_card_number).toBe('LCK-5512-7781');

    // Both steps are in the activity log, by the Super Admin, newest first.
    const entries = await lockdownEntries(server(), admin);
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(['lockdown_lifted', 'lockdown_started']);
    const me = (await call(server(), 'GET', '/api/auth/user', { token: admin })).body.user.id;
    expect(entries.slice(0, 2).map((e) => e.user?.id)).toEqual([me, me]);
  });

  it('leaves maintenance on when lifted if it was on before lockdown began', async () => {
    const admin = await loginAdmin(server());
    expect((await call(server(), 'PUT', '/api/settings', { token: admin, body: { organization_name: 'Org', maintenance_mode: '1' } })).status).toBe(200);
    expect((await call(server(), 'POST', '/api/lockdown', { token: admin, body: { password: ADMIN.password } })).status).toBe(200);
    expect((await call(server(), 'DELETE', '/api/lockdown', { token: admin, body: { password: ADMIN.password } })).status).toBe(200);
    expect(await maintenance(server())).toBe('1');
    expect((await call(server(), 'PUT', '/api/settings', { token: admin, body: { organization_name: 'Org', maintenance_mode: '0' } })).status).toBe(200);
  });

  it('signs staff in holding what lockdown leaves them, and cancels every reset link mailed before it', async () => {
    const admin = await loginAdmin(server());
    const manager = await userWithRoles(server(), ['Manager'], 'manager-pass-2');
    const teacher = await userWithRoles(server(), ['Teacher'], 'teacher-pass-2');
    expect(await signInHolds(server(), manager.email, 'manager-pass-2')).toEqual(expect.arrayContaining(sensitive));
    for (const who of [manager, teacher]) expect((await call(server(), 'POST', '/api/auth/forgot-password', { body: { email: who.email } })).status).toBe(200);
    const links = [mailedResetToken(server(), manager.email), mailedResetToken(server(), teacher.email)];

    expect((await call(server(), 'POST', '/api/lockdown', { token: admin, body: { password: ADMIN.password } })).status).toBe(200);
    try {
      // The sign-in answer lists what the server lets them do now: no sensitive class, the rest kept.
      const managerHolds = await signInHolds(server(), manager.email, 'manager-pass-2');
      expect(managerHolds.filter((p) => sensitive.includes(p as never))).toEqual([]);
      expect(managerHolds).toContain('view-orphans');
      expect(await signInHolds(server(), ADMIN.email, ADMIN.password)).toEqual(expect.arrayContaining(sensitive));
      // So does the answer to a profile save (a Manager administers, so maintenance lets them save).
      const saved = await call(server(), 'PUT', '/api/profile', { token: await login(server(), manager.email, 'manager-pass-2'), body: { name: 'Manager In Lockdown', email: manager.email } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((saved.body.user.permissions as Array<{ name: string }>).map((p) => p.name).filter((p) => sensitive.includes(p as never))).toEqual([]);

      // A link mailed before lockdown is refused as any spent link is, and the password stays.
      const reset = await call(server(), 'POST', '/api/auth/reset-password', { body: { email: teacher.email, token: links[1], password: 'taken-over-pass-1', password_confirmation: 'taken-over-pass-1' } });
      expect(reset.status).toBe(422);
      expect(reset.body.errors).toEqual({ email: ['This password reset token is invalid.'] });
      expect((await call(server(), 'POST', '/api/auth/login', { body: { email: teacher.email, password: 'taken-over-pass-1' } })).status).toBe(422);
      expect(await server().database.db.selectFrom('password_reset_tokens').select('id').where('email', 'in', [manager.email, teacher.email]).execute()).toEqual([]);
    } finally {
      expect((await call(server(), 'DELETE', '/api/lockdown', { token: admin, body: { password: ADMIN.password } })).status).toBe(200);
    }
    // Cancelled, not paused: lifting lockdown does not bring a link back; the roles grant again.
    const after = await call(server(), 'POST', '/api/auth/reset-password', { body: { email: manager.email, token: links[0], password: 'taken-over-pass-1', password_confirmation: 'taken-over-pass-1' } });
    expect(after.status).toBe(422);
    expect(await signInHolds(server(), manager.email, 'manager-pass-2')).toEqual(expect.arrayContaining(sensitive));
  });

  it('counts the password checks with the profile\'s: past five a minute, 429', async () => {
    const admin = await loginAdmin(server());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(server(), 'POST', '/api/lockdown', { token: admin, body: { password: `wrong-${i}` } })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect((await call(server(), 'GET', '/api/lockdown', { token: admin })).body.data.active).toBe(false);
  });
}, () => ({ mailer: capturingMailer() }));
