import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/shared/messages';
import { errorBodySchema } from '@app/shared/schemas/common.schema';
import { userResponseSchema } from '@app/shared/schemas/user.schema';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../db/bootstrap.ts';
import { TEST_DATA_KEY } from '../../test/data-key.ts';
import type { Database } from '../db/database.ts';

/** Paths whose routes must declare their answers: the same ones that must declare their access. */
const GUARDED = /^\/(api|storage|download|sanctum)(\/|$)/;
/** The API docs' own routes (a third-party plugin) describe the docs, not the product. */
const DOCS = /^\/api\/docs(\/|$)/;

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let app: FastifyInstance;
let database: Database;
let dir: string;

// One app on a migrated SQLite file, with two routes added the way a feature adds one.
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'oc-schemas-'));
  const config = loadConfig(
    { DATABASE_URL: path.join(dir, 'app.db'), STORAGE_DIR: path.join(dir, 'storage'), WEB_DIST: path.join(dir, 'no-web'), NODE_ENV: 'test', DATA_KEY: TEST_DATA_KEY },
    { adminEmail: 'admin@test.org', adminPassword: 'admin-password-1', logLevel: 'silent' },
  );
  ({ database } = await prepareDatabase(config));
  app = await buildApp({ config, database });
  // A handler that hands the whole users row (password hash included) to the user answer.
  app.get('/api/test/whole-user-row', { config: { access: 'public' }, schema: { response: { 200: userResponseSchema } } }, async () => {
    const row = await database.db.selectFrom('users').selectAll().orderBy('id').executeTakeFirstOrThrow();
    return { data: { ...row, is_email_verified: true, roles: [], site_ids: [], sites: [], all_sites: row.all_sites === 1 } };
  });
  // A handler whose answer does not have the declared shape.
  app.get('/api/test/wrong-shape', { config: { access: 'public' }, schema: { response: { 200: userResponseSchema } } }, async () => ({ data: { id: 'one' } }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('response schemas', () => {
  it('are declared by every route and shown in the API docs', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const routes = app.routeTable.filter((r) => GUARDED.test(r.url) && !DOCS.test(r.url) && !r.url.startsWith('/api/test/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const route of routes) {
      const docPath = route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{key}');
      const responses = docs.paths[docPath]?.[route.method.toLowerCase()]?.responses ?? {};
      const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      // A 204 has no body to describe; any other success names its content and its schema.
      const described = success.some(([status, r]) => status === '204' || Object.values(r.content ?? {}).some((c) => c.schema));
      if (!described) missing.push(`${route.method} ${route.url}`);
    }
    expect(missing, 'routes without a success response schema in /api/docs/json').toEqual([]);
  });

  it('documents the one error shape, with its codes, beside the answers of each route', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const failure = docs.paths['/api/users/{id}'].put.responses['4XX'].content['application/json'].schema;
    expect(failure.required).toEqual(['message', 'code']);
    expect(failure.properties.code.enum).toEqual(ERROR_CODES);
  });

  it('documents a signed file by its content types, not as JSON', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const content = docs.paths['/storage/{key}'].get.responses['200'].content;
    expect(Object.keys(content)).toEqual(expect.arrayContaining(['image/webp', 'image/jpeg', 'video/mp4', 'application/pdf']));
    expect(Object.keys(content)).not.toContain('application/json');
    expect(content['image/webp'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('strips what the schema does not name: a row with the password hash answers without it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/whole-user-row' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.email).toBe('admin@test.org');
    expect(Object.keys(data).sort()).toEqual(['all_sites', 'created_at', 'email', 'email_verified_at', 'id', 'is_email_verified', 'name', 'roles', 'site_ids', 'sites']);
    expect(res.body).not.toMatch(/password|\$argon2/);
  });

  it('refuses to send an answer of the wrong shape: a logged 500, never the data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/wrong-shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server error. Please try again later.', code: 'server_error' });
  });
});

describe('error answers', () => {
  it('carry a code from the shared list beside the message', async () => {
    const cases = [
      { url: '/api/no-such-thing', status: 404, code: 'not_found' },
      { url: '/api/users', status: 401, code: 'unauthenticated' },
      { url: '/api/users/abc', status: 401, code: 'unauthenticated' },
      { url: '/storage/orphans/x.webp', status: 403, code: 'invalid_signature' },
    ];
    for (const c of cases) {
      const res = await app.inject({ method: 'GET', url: c.url });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(errorBodySchema.parse(res.json()).code, c.url).toBe(c.code);
      expect(ERROR_CODES).toContain(res.json().code);
    }
    const csrf = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.org', password: 'x' } });
    expect(csrf.json()).toMatchObject({ code: 'csrf_mismatch', message: 'CSRF token mismatch.' });
    const bearer = { authorization: 'Bearer 1|not-a-token' };
    const invalid = await app.inject({ method: 'POST', url: '/api/auth/login', headers: bearer, payload: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ code: 'validation_failed', errors: { email: ['Please enter a valid email'] } });
  });
});
