import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ADMIN, call, describeEachDatabase, loginAdmin } from '../../test/harness.ts';

describeEachDatabase('platform', (server, dialect) => {
  it('sets a script-readable XSRF-TOKEN cookie', async () => {
    const res = await fetch(`${server().url}/sanctum/csrf-cookie`);
    expect(res.status).toBe(204);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('answers 419 to an unsafe call without a token that does not echo the cookie', async () => {
    const body = { email: ADMIN.email, password: ADMIN.password };
    const none = await call(server(), 'POST', '/api/auth/login', { body, noCsrf: true });
    expect(none.status).toBe(419);
    expect(none.body).toEqual({ message: 'CSRF token mismatch.', code: 'csrf_mismatch' });
    const mismatch = await call(server(), 'POST', '/api/auth/login', {
      body,
      noCsrf: true,
      headers: { Cookie: 'XSRF-TOKEN=abc', 'X-XSRF-TOKEN': 'abd' },
    });
    expect(mismatch.status).toBe(419);
  });

  it('does not ask bearer-token calls for the CSRF cookie', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'POST', '/api/auth/logout', { token, noCsrf: true });
    expect(res.status).toBe(200);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await call(server(), 'POST', '/api/auth/login', { body: '{"email": "x"', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call(server(), 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found.', code: 'not_found' });
  });

  it('answers the health check', async () => {
    expect((await call(server(), 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it.runIf(dialect === 'postgres')('keeps serving when PostgreSQL ends its idle connections', async () => {
    const token = await loginAdmin(server());
    // Several connections in the pool, idle once these end.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(server().database.db)));
    // From outside the pool, end every other session on this database: the pool's idle ones.
    const admin = new pg.Client({ connectionString: server().config.databaseUrl });
    await admin.connect();
    const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await admin.end();
    expect(rowCount).toBeGreaterThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 200));
    expect((await call(server(), 'GET', '/api/orphans', { token })).status).toBe(200);
  });

  it('describes itself as OpenAPI at /api/docs/json', async () => {
    const res = await call(server(), 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/auth/login');
    // Bodies the handlers validate themselves are documented too, with their content types.
    const body = (path: string, method: string) => res.body.paths[path][method].requestBody.content;
    expect(Object.keys(body('/api/orphans', 'post'))).toEqual(['application/json', 'multipart/form-data']);
    expect(JSON.stringify(body('/api/orphans', 'post'))).toContain('"first_name"');
    expect(JSON.stringify(body('/api/orphans', 'post'))).toContain('"profile_photo"');
    expect(JSON.stringify(body('/api/orphans/{id}', 'put'))).toContain('"class_grade"');
    expect(JSON.stringify(body('/api/settings', 'put'))).toContain('"organization_name"');
    expect(JSON.stringify(body('/api/profile', 'put'))).toContain('"current_password"');
  });

  it('declares who may call every guarded route, and refuses guests on every non-public one', async () => {
    const table = server().app.routeTable.filter((r) => /^\/(api|storage|download|sanctum)(\/|$)/.test(r.url));
    expect(table.length).toBeGreaterThan(5);
    for (const route of table) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const guarded = table.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(2);
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
      // A bearer header skips CSRF, so the guard itself must answer: 401, never the handler.
      const res = await call(server(), route.method, url, { token: '1|not-a-valid-token', body: ['GET', 'HEAD'].includes(route.method) ? undefined : {} });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

it('cannot register a guarded route without declaring its access', async () => {
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('../db/database.ts');
  const config = loadConfig({ DATABASE_URL: ':memory:', NODE_ENV: 'test' }, { logLevel: 'silent', sqlitePath: ':memory:' });
  const database = openDatabase(config);
  const app = await buildApp({ config, database });
  expect(() => app.get('/api/unguarded', async () => ({ leaked: true }))).toThrow(/declares no access/);
  await app.close();
  await database.destroy();
});

it('never sends a stack trace or internal message on a 5xx', async () => {
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('../db/database.ts');
  const config = loadConfig({ DATABASE_URL: ':memory:', NODE_ENV: 'test' }, { logLevel: 'silent', sqlitePath: ':memory:' });
  const database = openDatabase(config);
  const app = await buildApp({ config, database });
  app.get('/api/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail at /srv/app.ts:12');
  });
  const res = await app.inject({ method: 'GET', url: '/api/boom' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ message: 'Server error. Please try again later.', code: 'server_error' });
  expect(res.body).not.toContain('secret');
  await app.close();
  await database.destroy();
});
