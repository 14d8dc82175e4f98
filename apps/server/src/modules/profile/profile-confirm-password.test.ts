import { beforeAll, expect, it } from 'vitest';
import { ROLE } from '@app/shared/permissions';
import { call, describeEachDatabase, userWithRoles } from '../../../test/harness.ts';

/**
 * POST /profile/confirm-password: the signed-in user's password typed again (before a phone keeps
 * data sealed under it). Wrong ones are counted with the other current-password checks.
 */

describeEachDatabase('confirming one\'s own password', (server) => {
  let teacher: { id: number; token: string };
  beforeAll(async () => {
    teacher = await userWithRoles(server(), [ROLE.teacher], 'Teacher-password-1');
  });

  it('confirms the right password and refuses a wrong or missing one (422 on password)', async () => {
    const right = await call(server(), 'POST', '/api/profile/confirm-password', { token: teacher.token, body: { password: 'Teacher-password-1' } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ message: 'Password confirmed.' });
    const wrong = await call(server(), 'POST', '/api/profile/confirm-password', { token: teacher.token, body: { password: 'Teacher-password-2' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['The current password is incorrect.']);
    const missing = await call(server(), 'POST', '/api/profile/confirm-password', { token: teacher.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.password).toEqual(['Password is required']);
  });

  it('answers 429 past five checks a minute, so a stolen session cannot guess', async () => {
    const someone = await userWithRoles(server(), [ROLE.teacher], 'Someone-password-1');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(server(), 'POST', '/api/profile/confirm-password', { token: someone.token, body: { password: `guess-${i}` } })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // Even the right one waits now.
    expect((await call(server(), 'POST', '/api/profile/confirm-password', { token: someone.token, body: { password: 'Someone-password-1' } })).status).toBe(429);
  });

  it('needs a sign-in', async () => {
    const res = await call(server(), 'POST', '/api/profile/confirm-password', { body: { password: 'x' } });
    expect(res.status).toBe(401);
  });
});
