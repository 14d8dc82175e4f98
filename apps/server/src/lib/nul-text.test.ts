import { expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin } from '../../test/harness.ts';

const refusal = (label: string, field = label) => ({
  message: `The ${label} may not contain control characters.`,
  code: 'validation_failed',
  errors: { [field]: [`The ${label} may not contain control characters.`] },
});

describeEachDatabase('NUL in any request text', (server) => {
  it('is refused with 422 on both databases, in bodies, queries, paths and multipart, and nothing is stored', async () => {
    const token = await loginAdmin(server());
    const rolesBefore = (await call(server(), 'GET', '/api/roles', { token })).body.data.length;

    const role = await call(server(), 'POST', '/api/roles', { token, body: { name: 'Night\u0000 staff' } });
    expect(role.status).toBe(422);
    expect(role.body).toEqual(refusal('name'));
    const user = await call(server(), 'POST', '/api/users', {
      token,
      body: { name: 'Zahra', email: 'nul-user@test.org', password: 'password-123', password_confirmation: 'password-123', roles: ['Teacher\u0000'] },
    });
    expect(user.status).toBe(422);
    expect(user.body).toEqual(refusal('roles', 'roles.0'));
    const page = await call(server(), 'POST', '/api/pages', { token, body: { title: 'About', slug: 'about-nul', content: '<p>We care\u0000</p>' } });
    expect(page.body).toEqual(refusal('content'));

    const search = await call(server(), 'GET', '/api/orphans?search=ma%00ry', { token });
    expect(search.body).toEqual(refusal('search'));
    const byPath = await call(server(), 'GET', '/api/pages/published/about%00', {});
    expect(byPath.status).toBe(422);

    const form = new FormData();
    form.append('organization_name', 'Kabul\u0000 Orphan Care');
    const settings = await call(server(), 'PUT', '/api/settings', { token, body: form });
    expect(settings.body).toEqual(refusal('organization name', 'organization_name'));

    // Nothing was stored, and the same calls without NUL work.
    expect((await call(server(), 'GET', '/api/roles', { token })).body.data.length).toBe(rolesBefore);
    expect((await call(server(), 'GET', '/api/users?search=nul-user', { token })).body.total).toBe(0);
    expect((await call(server(), 'GET', '/api/settings/public')).body.organization_name).not.toContain('\u0000');
    expect((await call(server(), 'POST', '/api/roles', { token, body: { name: 'Night staff' } })).status).toBe(201);
    expect((await call(server(), 'GET', '/api/orphans?search=mary', { token })).status).toBe(200);
  });

  it('leaves tabs and line breaks, and unknown paths still answer 404', async () => {
    const token = await loginAdmin(server());
    const role = await call(server(), 'POST', '/api/roles', { token, body: { name: 'Tab\there' } });
    expect(role.status).toBe(201);
    const unknown = await call(server(), 'POST', '/api/no-such-route', { token, body: { name: 'x\u0000' } });
    expect(unknown.status).toBe(404);
  });
});
