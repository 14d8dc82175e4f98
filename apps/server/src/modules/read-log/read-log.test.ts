import { expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, startServer, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { fetchBytes } from '../../../test/fetch-bytes.ts';
import { deleteExpiredReads } from './read-log-retention.ts';

/*
 * The read log: every read of a child's record — details, a file, a progress report — and every
 * export is one line naming who, what, from where and when; Super Admin and Manager read it
 * (per child and as the Access log); nobody edits it; lines past the retention go.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function createChild(server: TestServer, token: string, first: string): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: { first_name: first, last_name: 'Karimi', dob: '2015-05-01', gender: 'female', admission_date: '2023-01-10', status: 'active' } });
  if (res.status !== 201) throw new Error(`child not created: ${res.status}`);
  return res.body.data.id as number;
}

function upload(server: TestServer, token: string, fields: { orphan_id: number; media_type: string; title: string }, file: { data: Buffer; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, date: '2024-05-01' })) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  return call(server, 'POST', '/api/galleries', { token, body: form });
}

const lines = (server: TestServer) => server.database.db.selectFrom('read_log').selectAll().orderBy('id').execute();

describeEachDatabase('read log', (server) => {
  it("writes one line per read of a child's details, file, progress report and export, with who, what and the address", { timeout: 60_000 }, async () => {
    const admin = await loginAdmin(server());
    const child = await createChild(server(), admin, 'Looked');
    const teacher = await userWithRoles(server(), ['Teacher']);
    const before = (await lines(server())).length;

    expect((await call(server(), 'GET', `/api/orphans/${child}`, { token: teacher.token })).status).toBe(200);
    const item = (await upload(server(), admin, { orphan_id: child, media_type: 'document', title: 'Letter' }, { data: PDF, name: 'letter.pdf' })).body.data;
    expect((await fetchBytes(server(), item.original_url)).status).toBe(200);
    expect((await fetchBytes(server(), item.download_url)).status).toBe(200);
    // A player's later ranges of the same file are the same viewing: no line of their own.
    expect((await fetchBytes(server(), item.original_url, { Range: 'bytes=5-9' })).status).toBe(206);
    expect((await call(server(), 'GET', `/api/orphans/${child}/progress-report`, { token: admin })).status).toBe(200);
    expect((await call(server(), 'POST', '/api/export/orphans', { token: admin, body: { gender: 'female' } })).status).toBe(200);

    const admins = await server().database.db.selectFrom('users').select('id').where('email', '=', (await call(server(), 'GET', '/api/auth/user', { token: admin })).body.user.email).executeTakeFirstOrThrow();
    const written = (await lines(server())).slice(before).map((l) => ({ user_id: l.user_id, orphan_id: l.orphan_id, media_id: l.media_id, kind: l.kind, detail: l.detail && JSON.parse(l.detail), address: l.address }));
    expect(written).toEqual([
      { user_id: teacher.id, orphan_id: child, media_id: null, kind: 'details', detail: null, address: '127.0.0.1' },
      { user_id: admins.id, orphan_id: child, media_id: item.id, kind: 'file', detail: { version: 'original' }, address: '127.0.0.1' },
      { user_id: admins.id, orphan_id: child, media_id: item.id, kind: 'file', detail: { version: 'download' }, address: '127.0.0.1' },
      { user_id: admins.id, orphan_id: child, media_id: null, kind: 'progress_report', detail: null, address: '127.0.0.1' },
      { user_id: admins.id, orphan_id: null, media_id: null, kind: 'export', detail: { export: 'orphans', filters: { gender: 'female' } }, address: '127.0.0.1' },
    ]);
  });

  it('writes nothing for a refused read, and a download URL whose reader was changed is refused', async () => {
    const admin = await loginAdmin(server());
    const child = await createChild(server(), admin, 'Refused');
    const item = (await upload(server(), admin, { orphan_id: child, media_type: 'document', title: 'Letter' }, { data: PDF, name: 'letter.pdf' })).body.data;
    const before = (await lines(server())).length;
    expect((await call(server(), 'GET', '/api/orphans/999999', { token: admin })).status).toBe(404);
    expect((await call(server(), 'GET', `/api/orphans/${child}`)).status).toBe(401);
    expect((await call(server(), 'POST', '/api/export/orphans', { token: admin, body: { gender: 'other' } })).status).toBe(422);
    const forged = item.original_url.replace(/viewer=\d+/, 'viewer=999999');
    expect(forged).not.toBe(item.original_url);
    expect((await fetchBytes(server(), forged)).status).toBe(403);
    expect((await fetchBytes(server(), item.original_url.replace(/viewer=\d+&/, ''))).status).toBe(403);
    expect((await lines(server())).length).toBe(before);
  });

  it("answers who viewed a child's record to Super Admin and Manager only; 404 for a child out of reach", async () => {
    const admin = await loginAdmin(server());
    const child = await createChild(server(), admin, 'Viewed');
    const teacher = await userWithRoles(server(), ['Teacher']);
    const manager = await userWithRoles(server(), ['Manager']);
    await call(server(), 'GET', `/api/orphans/${child}`, { token: teacher.token });
    await call(server(), 'GET', `/api/orphans/${child}`, { token: manager.token });

    const views = await call(server(), 'GET', `/api/orphans/${child}/views`, { token: manager.token });
    expect(views.status).toBe(200);
    expect(views.body.data.map((v: any) => [v.user.id, v.kind, v.orphan.id])).toEqual([[manager.id, 'details', child], [teacher.id, 'details', child]]);
    expect(views.body.data[0].orphan.name).toBe('Viewed Karimi');
    expect(views.body.meta ?? views.body).toMatchObject({ total: 2 });

    expect((await call(server(), 'GET', `/api/orphans/${child}/views`, { token: teacher.token })).status).toBe(403);
    const caseworker = await userWithRoles(server(), ['Caseworker']);
    expect((await call(server(), 'GET', `/api/orphans/${child}/views`, { token: caseworker.token })).status).toBe(403);
    expect((await call(server(), 'GET', '/api/orphans/999999/views', { token: manager.token })).status).toBe(404);
    expect((await call(server(), 'GET', '/api/orphans/abc/views', { token: manager.token })).status).toBe(404);
    expect((await call(server(), 'DELETE', `/api/orphans/${child}`, { token: admin })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/orphans/${child}/views`, { token: manager.token })).status).toBe(404);
  });

  it('lists the access log newest first, filtered by user, child, kind and dates, a page at a time; refuses bad filters; offers no way to change a line', async () => {
    const admin = await loginAdmin(server());
    const a = await createChild(server(), admin, 'Alpha');
    const b = await createChild(server(), admin, 'Beta');
    const teacher = await userWithRoles(server(), ['Teacher']);
    for (const id of [a, b, a]) await call(server(), 'GET', `/api/orphans/${id}`, { token: teacher.token });
    await call(server(), 'POST', '/api/export/orphans', { token: admin, body: {} });
    const get = (q: string) => call(server(), 'GET', `/api/access-log?${q}`, { token: admin });

    const mine = await get(`user_id=${teacher.id}&per_page=10`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((l: any) => l.orphan.id)).toEqual([a, b, a]);
    expect((await get(`user_id=${teacher.id}&orphan_id=${b}`)).body.data).toHaveLength(1);
    expect((await get(`user_id=${teacher.id}&per_page=10&page=2`)).body.data).toEqual([]);
    const exports = (await get('kind=export')).body.data;
    expect(exports.length).toBeGreaterThanOrEqual(1);
    expect(exports[0]).toMatchObject({ kind: 'export', orphan: null, detail: { export: 'orphans' } });
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`user_id=${teacher.id}&date_from=${today}&date_to=${today}`)).body.data).toHaveLength(3);
    expect((await get(`user_id=${teacher.id}&date_to=2000-01-01`)).body.data).toEqual([]);

    for (const [q, field] of [['kind=opened', 'kind'], ['user_id=abc', 'user_id'], ['per_page=7', 'per_page'], ['date_from=2024-02-02&date_to=2024-02-01', 'date_to']]) {
      const res = await get(q);
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.body.errors), q).toContain(field);
    }
    const manager = await userWithRoles(server(), ['Manager']);
    expect((await call(server(), 'GET', '/api/access-log', { token: manager.token })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/access-log', { token: teacher.token })).status).toBe(403);
    const id = mine.body.data[0].id;
    for (const method of ['PUT', 'PATCH', 'DELETE']) expect((await call(server(), method, `/api/access-log/${id}`, { token: admin, body: {} })).status).toBe(404);
    expect((await call(server(), 'DELETE', '/api/access-log', { token: admin })).status).toBe(404);
  });

  it('keeps lines for the retention Settings name (two years unless changed); the daily job deletes older ones', async () => {
    const admin = await loginAdmin(server());
    const db = server().database.db;
    expect((await call(server(), 'GET', '/api/settings', { token: admin })).body.read_log_retention_days).toBe('730');
    const at = (iso: string) => ({ user_id: null, orphan_id: 1, media_id: null, kind: 'details', detail: null, address: null, created_at: iso });
    await db.insertInto('read_log').values([at('2024-01-01T00:00:00.000Z'), at('2025-06-01T00:00:00.000Z'), at('2026-01-01T00:00:00.000Z')]).execute();
    const left = async () => (await db.selectFrom('read_log').select('created_at').where('created_at', '<', '2026-06-01').orderBy('created_at').execute()).map((r) => r.created_at);

    // The job's clock, set to a day: two years before it is the cutoff.
    await deleteExpiredReads(db, new Date('2026-03-01T00:00:00Z'));
    expect(await left()).toEqual(['2025-06-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);

    const refused = await call(server(), 'PUT', '/api/settings', { token: admin, body: { organization_name: 'Care', read_log_retention_days: '0' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.read_log_retention_days).toEqual(['The access log retention must be a whole number of days from 1 to 36500.']);
    expect((await call(server(), 'PUT', '/api/settings', { token: admin, body: { organization_name: 'Care', read_log_retention_days: '90' } })).status).toBe(200);
    await deleteExpiredReads(db, new Date('2026-03-01T00:00:00Z'));
    expect(await left()).toEqual(['2026-01-01T00:00:00.000Z']);
    // Not on the public settings.
    expect(Object.keys((await call(server(), 'GET', '/api/settings/public')).body)).not.toContain('read_log_retention_days');
  });
});

describeEachDatabase('read log behind a proxy', (_server, dialect) => {
  it('writes the address the proxy saw (TRUST_PROXY=1: the right-most X-Forwarded-For entry)', async () => {
    const server = await startServer(dialect, { trustProxy: 1 });
    try {
      const admin = await loginAdmin(server);
      const child = await createChild(server, admin, 'Proxied');
      await call(server, 'GET', `/api/orphans/${child}`, { token: admin, headers: { 'X-Forwarded-For': '10.0.0.9, 203.0.113.7' } });
      const line = await server.database.db.selectFrom('read_log').select('address').where('orphan_id', '=', child).executeTakeFirstOrThrow();
      expect(line.address).toBe('203.0.113.7');
    } finally {
      await server.close();
    }
  });
});
