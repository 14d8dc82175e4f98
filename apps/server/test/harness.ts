import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config, type Dialect } from '../src/config.ts';
import { prepareDatabase } from '../src/db/bootstrap.ts';
import type { Database } from '../src/db/database.ts';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import { hashPassword } from '../src/lib/password.ts';
import { nowIso } from '../src/lib/time.ts';
import { ADMIN } from './admin.ts';
import { TEST_DATA_KEY } from './data-key.ts';

export { ADMIN };

export interface TestServer {
  dialect: Dialect;
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A real server on a fresh database of its own (a temp SQLite file, or a new PostgreSQL database). */
export async function startServer(dialect: Dialect, overrides: Partial<Config> = {}, deps: Pick<AppDeps, 'mailer' | 'logStream'> = {}): Promise<TestServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-test-'));
  let databaseUrl = path.join(dir, 'app.db');
  let dropDb: (() => Promise<void>) | undefined;
  // A copy of the run's migrated and seeded template (global-setup.ts): prepareDatabase below
  // then finds every migration applied and the seed in place, as a restarted server does.
  const template = inject('databaseTemplates');
  if (dialect === 'sqlite' && template.sqlite) copyFileSync(template.sqlite, databaseUrl);
  if (dialect === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const name = `oc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${template.postgres ? ` template ${template.postgres}` : ''}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig(
    { DATABASE_URL: databaseUrl, STORAGE_DIR: path.join(dir, 'storage'), WEB_DIST: path.join(dir, 'no-web'), NODE_ENV: 'test', DATA_KEY: TEST_DATA_KEY },
    { adminEmail: ADMIN.email, adminPassword: ADMIN.password, passwordChecksPerMinute: 100_000, logLevel: process.env.TEST_LOG_LEVEL || 'silent', ...overrides },
  );
  const { database } = await prepareDatabase(config);
  const app = await buildApp({ config, database, ...deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dialect,
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
      await dropDb?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Run a suite once per database: SQLite always, PostgreSQL when reachable (global-setup decides;
 * under CI=true an unreachable PostgreSQL fails the run instead).
 */
/** `deps`: what each dialect's server is built with beside its database (a capturing mailer, say). */
export function describeEachDatabase(name: string, suite: (ctx: () => TestServer, dialect: Dialect) => void, deps: () => Pick<AppDeps, 'mailer' | 'logStream'> = () => ({})): void {
  const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const dialect of dialects) {
    describe(`${name} [${dialect}]`, () => {
      let server: TestServer;
      beforeAll(async () => {
        server = await startServer(dialect, {}, deps());
      });
      afterAll(async () => {
        await server?.close();
      });
      suite(() => server, dialect);
    });
  }
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip fetching and echoing the CSRF cookie on an unsafe call without a token. */
  noCsrf?: boolean;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client shaped like the SPA's: JSON, XHR marker, bearer token, CSRF echo. */
export async function call<T = any>(server: TestServer, method: string, url: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...opts.headers };
  let body: RequestInit['body'];
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  else if (!['GET', 'HEAD'].includes(method) && !opts.noCsrf) {
    const res = await fetch(`${server.url}/sanctum/csrf-cookie`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
    const value = cookie.split(';')[0].slice('XSRF-TOKEN='.length);
    headers.Cookie = `XSRF-TOKEN=${value}`;
    headers['X-XSRF-TOKEN'] = decodeURIComponent(value);
  }
  const res = await fetch(`${server.url}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function login(server: TestServer, email: string, password: string): Promise<string> {
  const res = await call(server, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export function loginAdmin(server: TestServer): Promise<string> {
  return login(server, ADMIN.email, ADMIN.password);
}

let userSeq = 0;
/** The site a fresh install starts with (made by the migrations, named after the organisation). */
export async function firstSiteId(server: TestServer): Promise<number> {
  return (await server.database.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}

/**
 * Create a user holding the given roles (none = a self-registered user) and sign them in. They
 * hold the first site, as every staff member did when sites came (`sites` says otherwise: these
 * site ids, or every site).
 */
export async function userWithRoles(
  server: TestServer,
  roles: string[],
  password = 'user-password-1',
  { sites }: { sites?: number[] | 'all' } = {},
): Promise<{ id: number; email: string; token: string }> {
  const db = server.database.db;
  const email = `user${++userSeq}-${randomBytes(3).toString('hex')}@test.org`;
  const now = nowIso();
  const { id } = await db
    .insertInto('users')
    .values({ name: `Test User ${userSeq}`, email, password: await hashPassword(password), email_verified_at: now, all_sites: sites === 'all' ? 1 : 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of roles) {
    const r = await db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id, role_id: r.id }).execute();
  }
  const siteIds = sites === 'all' ? [] : (sites ?? [await firstSiteId(server)]);
  if (siteIds.length) await db.insertInto('user_sites').values(siteIds.map((site_id) => ({ user_id: id, site_id }))).execute();
  return { id, email, token: await login(server, email, password) };
}

/** A mailer that keeps what it is given, for tests that read the mail a change sends. */
export function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    enabled: true,
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
