import { beforeEach, expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';
import { CONTACTS_PER_WINDOW } from './contacts.routes.ts';

const message = (extra: Record<string, unknown> = {}) => ({
  name: 'Ahmad Rahimi',
  email: 'ahmad@example.org',
  subject: 'Volunteering',
  message: 'I would like to help at the school.',
  ...extra,
});

describeEachDatabase('contacts', (server) => {
  // Every call here comes from 127.0.0.1: start each test with a fresh allowance.
  beforeEach(async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) await server().app.limiter.clear(`contact:${ip}`);
  });

  it('accepts the public form with 201 and the thank-you message', async () => {
    const res = await call(server(), 'POST', '/api/contacts', { body: message() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Thank you for your message! We will get back to you soon.');
    expect(res.body.data.id).toEqual(expect.any(Number));
    const token = await loginAdmin(server());
    const list = await call(server(), 'GET', '/api/contacts', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.data[0]).toEqual({
      id: res.body.data.id,
      name: 'Ahmad Rahimi',
      email: 'ahmad@example.org',
      subject: 'Volunteering',
      message: 'I would like to help at the school.',
      created_at: expect.any(String),
    });
    expect(list.body.data.meta).toMatchObject({ current_page: 1, total: 1, from: 1, to: 1 });
  });

  it('needs the CSRF cookie echoed', async () => {
    expect((await call(server(), 'POST', '/api/contacts', { body: message(), noCsrf: true })).status).toBe(419);
  });

  it('validates every field with a message', async () => {
    const res = await call(server(), 'POST', '/api/contacts', { body: { name: '', email: 'bad', subject: '', message: ' ' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['Name is required'],
      email: ['Please enter a valid email'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
  });

  it('answers a filled honeypot the same way but stores nothing', async () => {
    const token = await loginAdmin(server());
    const before = (await call(server(), 'GET', '/api/contacts', { token })).body.data.meta.total;
    const res = await call(server(), 'POST', '/api/contacts', { body: message({ website: 'http://spam.example' }) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Thank you for your message! We will get back to you soon.');
    expect((await call(server(), 'GET', '/api/contacts', { token })).body.data.meta.total).toBe(before);
  });

  it('limits messages per client address with 429 and Retry-After', async () => {
    for (let i = 0; i < CONTACTS_PER_WINDOW; i++) expect((await call(server(), 'POST', '/api/contacts', { body: message() })).status).toBe(201);
    const res = await call(server(), 'POST', '/api/contacts', { body: message() });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.message).toBeTruthy();
  });

  it('shows and deletes a message; the deletion is logged', async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/contacts', { body: message({ subject: 'To delete' }) });
    const id = created.body.data.id;
    expect((await call(server(), 'GET', `/api/contacts/${id}`, { token })).body.data.subject).toBe('To delete');
    expect((await call(server(), 'DELETE', `/api/contacts/${id}`, { token })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/contacts/${id}`, { token })).status).toBe(404);
    expect((await call(server(), 'DELETE', `/api/contacts/${id}`, { token })).status).toBe(404);
    const log = await server().database.db.selectFrom('activities').select(['action', 'type']).where('subject_type', '=', 'contact').where('subject_id', '=', id).orderBy('id').execute();
    expect(log).toEqual([{ action: 'received', type: 'other' }, { action: 'deleted', type: 'other' }]);
  });

  it('is for Super Admins and Managers only, and the permission counts too', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    expect((await call(server(), 'GET', '/api/contacts', { token: manager.token })).status).toBe(200);
    const teacher = await userWithRoles(server(), ['Teacher']);
    expect((await call(server(), 'GET', '/api/contacts', { token: teacher.token })).status).toBe(403);
    expect((await call(server(), 'DELETE', '/api/contacts/1', { token: teacher.token })).status).toBe(403);
    expect((await call(server(), 'GET', '/api/contacts')).status).toBe(401);
    // A non-administrator role given view-contacts still cannot read messages.
    const admin = await loginAdmin(server());
    await call(server(), 'POST', '/api/roles', { token: admin, body: { name: 'Inbox Reader', permissions: ['view-contacts'] } });
    const reader = await userWithRoles(server(), ['Inbox Reader']);
    expect((await call(server(), 'GET', '/api/contacts', { token: reader.token })).status).toBe(403);
    // And a Manager role stripped of view-contacts loses the list, keeping delete as it holds it.
    const roles = (await call(server(), 'GET', '/api/roles', { token: admin })).body.data as Array<{ id: number; name: string; permissions: { name: string }[] }>;
    const managerRole = roles.find((r) => r.name === 'Manager')!;
    const kept = managerRole.permissions.map((p) => p.name).filter((p) => p !== 'view-contacts');
    expect((await call(server(), 'PUT', `/api/roles/${managerRole.id}`, { token: admin, body: { name: 'Manager', permissions: kept } })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/contacts', { token: manager.token })).status).toBe(403);
    expect((await call(server(), 'DELETE', '/api/contacts/999999', { token: manager.token })).status).toBe(404);
  });
});
