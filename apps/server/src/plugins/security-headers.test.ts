import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, startServer, userWithRoles, type TestServer } from '../../test/harness.ts';

/**
 * The headers every answer carries — the SPA's page and files, an API answer,
 * a signed file, an error — and who may read the API docs. Headers do not depend on the database,
 * so one SQLite server (and one in production mode for the docs) is enough.
 */

const webDist = mkdtempSync(path.join(os.tmpdir(), 'oc-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
writeFileSync(path.join(webDist, 'assets/app.js'), 'export {};');

let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  [server, production] = await Promise.all([startServer('sqlite', { webDist }), startServer('sqlite', { webDist, production: true })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), production?.close()]);
  rmSync(webDist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  const directive = (name: string) => new RegExp(`(^|;)\\s*${name} ([^;]*)`).exec(csp)?.[2];
  expect(directive('frame-ancestors'), `${what}: ${csp}`).toBe("'none'");
  expect(directive('script-src'), `${what}: ${csp}`).toBeDefined();
  // No inline or evaluated script anywhere: the bearer token sits in localStorage.
  expect(directive('script-src'), what).not.toMatch(/unsafe-inline|unsafe-eval|\*|https:/);
  expect(directive('object-src'), what).toBe("'none'");
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('x-request-id'), what).toMatch(/^[\w.:-]{1,128}$/);
}

describe('security headers', () => {
  it('on the SPA page and its hashed files, which keep their own caching', async () => {
    for (const url of ['/', '/dashboard/orphans', '/assets/app.js']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res.headers, url);
      expect(res.headers.get('cache-control'), url).toBe(url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
  });

  it('on API answers, public or personal, which no cache keeps', async () => {
    const token = await loginAdmin(server);
    const answers = [
      await call(server, 'GET', '/api/health'),
      await call(server, 'GET', '/api/settings/public'),
      await call(server, 'GET', '/api/auth/user', { token }),
      await call(server, 'GET', '/api/users', { token }),
      await fetch(`${server.url}/sanctum/csrf-cookie`).then((r) => ({ status: r.status, headers: r.headers })),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.status, String(i)).toBeLessThan(300);
      expectSecurityHeaders(res.headers, `answer ${i}`);
      expect(res.headers.get('cache-control'), `answer ${i}`).toBe('no-store');
    }
  });

  it('on error answers: 401, 403, 404, 422 and a refused signature', async () => {
    const { token } = await userWithRoles(server, []);
    const answers = {
      401: await call(server, 'GET', '/api/users'),
      403: await call(server, 'GET', '/api/users', { token }),
      404: await call(server, 'GET', '/api/no-such-route'),
      422: await call(server, 'POST', '/api/auth/login', { body: { email: 'not an e-mail', password: '' } }),
      '403 file': await call(server, 'GET', '/storage/orphans/x.webp?expires=1&signature=bad'),
    };
    for (const [status, res] of Object.entries(answers)) {
      expect(res.status, status).toBe(Number.parseInt(status, 10));
      expectSecurityHeaders(res.headers, status);
      expect(res.headers.get('cache-control'), status).toBe('no-store');
    }
  });

  it('on a signed file, cached privately for at most its signature\'s life', async () => {
    const key = 'orphans/2026/11/headers-test.webp';
    await server.app.fileStore.files.put(key, Buffer.from('RIFF....WEBP'));
    await server.app.fileStore.files.commit([key]);
    // A file is served while a record shows it: a child whose photo it is.
    const now = new Date().toISOString();
    const site_id = (await server.database.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const { id } = await server.database.db
      .insertInto('orphans')
      .values({ first_name: 'Header', last_name: 'Test', dob: '2015-01-01', birthday: '01-01', gender: 'female', admission_date: '2023-01-01', status: 'active', search_text: 'header test', photo_path: key, site_id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = server.app.fileStore.url(key, id)!;
    const res = await fetch(new URL(url, server.url));
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers, 'signed file');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });

  it('takes a plain X-Request-Id from the client and replaces anything else', async () => {
    const kept = await call(server, 'GET', '/api/health', { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const replaced = await call(server, 'GET', '/api/health', { headers: { 'X-Request-Id': 'x"} {"forged":1' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await call(server, 'GET', '/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers.get('x-request-id')).not.toBe(replaced.headers.get('x-request-id'));
  });
});

describe('API docs', () => {
  it('are open outside production, with the same headers', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await call(server, 'GET', url);
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('in production answer a guest 401, a user without a role 403, staff 200', async () => {
    const { token: noRole } = await userWithRoles(production, []);
    const { token: teacher } = await userWithRoles(production, ['Teacher']);
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-ui.css']) {
      const guest = await call(production, 'GET', url);
      expect(guest.status, url).toBe(401);
      expectSecurityHeaders(guest.headers, url);
      expect((await call(production, 'GET', url, { token: noRole })).status, url).toBe(403);
      const staff = await call(production, 'GET', url, { token: teacher });
      expect(staff.status, url).toBe(200);
      expectSecurityHeaders(staff.headers, url);
    }
    const json = await call(production, 'GET', '/api/docs/json', { token: teacher });
    expect(json.body.paths['/api/orphans']).toBeDefined();
  });
});
