import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN, call, capturingMailer, login, startServer, userWithRoles, type TestServer } from '../../test/harness.ts';
import type { Dialect } from '../config.ts';
import { redactUrl, REDACTED } from './logging.ts';

/**
 * A run of real requests that handle every kind of secret — passwords at sign-in,
 * a password change and a reset, bearer tokens, the reset link's token (mailed, then opened as a
 * page), a signed file URL — against a server logging at debug (two lines per request, the most it
 * ever writes) into a captured stream. No secret may appear in the log, in clear or URL-encoded.
 */

const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

describe('redactUrl', () => {
  it('replaces the values of credential parameters only', () => {
    expect(redactUrl('/storage/a/b.webp?expires=17&signature=abc-_')).toBe(`/storage/a/b.webp?expires=17&signature=${REDACTED}`);
    expect(redactUrl('/reset-password?token=t0k&email=a%40b.org')).toBe(`/reset-password?token=${REDACTED}&email=${REDACTED}`);
    expect(redactUrl('/reset-password?E-Mail=a%40b.org&lang=fa')).toBe(`/reset-password?E-Mail=${REDACTED}&lang=fa`);
    expect(redactUrl('/x?Signature=1&%74oken=2&page=3&token')).toBe(`/x?Signature=${REDACTED}&%74oken=${REDACTED}&page=3&token`);
    expect(redactUrl('/api/orphans')).toBe('/api/orphans');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});

describe.each(dialects)('log lines [%s]', (dialect) => {
  const lines: string[] = [];
  const mailer = capturingMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { logLevel: 'debug', appUrl: 'https://care.example' }, { mailer, logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('carry a request id and no password, token, reset link or signature', { timeout: 60_000 }, async () => {
    const secrets: Record<string, string> = { adminPassword: ADMIN.password };
    const remember = (name: string, value: string) => {
      secrets[name] = value;
      return value;
    };
    const adminToken = remember('adminToken', await login(server, ADMIN.email, ADMIN.password));

    // Sign-in: a right and a wrong password.
    const user = await userWithRoles(server, ['Teacher'], remember('firstPassword', 'first-secret-pass-1'));
    remember('userToken', user.token);
    expect((await call(server, 'POST', '/api/auth/login', { body: { email: user.email, password: remember('wrongGuess', 'wrong-guess-pass-9') } })).status).toBe(422);

    // A password change: current and new password in the body.
    const changed = await call(server, 'PUT', '/api/profile', {
      token: user.token,
      body: { current_password: secrets.firstPassword, password: remember('secondPassword', 'second-secret-pass-2'), password_confirmation: secrets.secondPassword },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // A reset: the mailed link, opened as the page it is, then used.
    expect((await call(server, 'POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const link = /https:\/\/care\.example(\/reset-password\?\S+)/.exec(mailer.sent.at(-1)!.text)![1]!;
    const resetToken = remember('resetToken', new URL(link, 'https://care.example').searchParams.get('token')!);
    remember('resetTokenInUrl', encodeURIComponent(resetToken));
    await call(server, 'GET', link, { headers: { Accept: 'text/html' } });
    const reset = await call(server, 'POST', '/api/auth/reset-password', {
      body: { email: user.email, token: resetToken, password: remember('thirdPassword', 'third-secret-pass-3'), password_confirmation: secrets.thirdPassword },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const lastToken = remember('lastToken', await login(server, user.email, secrets.thirdPassword));

    // A signed file: uploaded, fetched, and fetched with a forged signature.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' })) form.append(k, v);
    form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'p.jpg');
    const created = await call(server, 'POST', '/api/orphans', { token: adminToken, body: form, headers: { 'X-Request-Id': 'upload-42' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const photoUrl: string = created.body.data.profile_photo_url;
    remember('signature', new URL(photoUrl, server.url).searchParams.get('signature')!);
    expect((await fetch(`${server.url}${photoUrl}`)).status).toBe(200);
    expect((await fetch(`${server.url}${photoUrl.replace(/signature=[^&]+/, 'signature=forged-signature-value')}`)).status).toBe(403);
    remember('forgedSignature', 'forged-signature-value');

    // A CSRF cookie and a sign-out.
    const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
    remember('xsrf', decodeURIComponent(csrf.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!));
    expect((await call(server, 'POST', '/api/auth/logout', { token: lastToken })).status).toBe(200);

    await new Promise((r) => setTimeout(r, 50));
    const log = lines.join('');
    // Tokens are `id|secret`: the secret half alone must not appear either.
    for (const name of Object.keys(secrets)) if (secrets[name]!.includes('|')) secrets[`${name}Secret`] = secrets[name]!.split('|')[1]!;
    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret), `${name} appears in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${name} appears URL-encoded in the log`).toBe(false);
    }

    // The lines are there (else this proved nothing), structured, and each request's carry its id.
    const entries = log.trim().split('\n').map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string }; res?: unknown });
    const requestLines = entries.filter((e) => e.req || e.res);
    expect(requestLines.length).toBeGreaterThan(20);
    expect(requestLines.filter((e) => !e.reqId)).toEqual([]);
    expect(entries.some((e) => e.reqId === 'upload-42' && e.req?.url === '/api/orphans')).toBe(true);
    expect(entries.some((e) => e.req?.url.startsWith('/storage/') && e.req.url.endsWith(`signature=${REDACTED}`))).toBe(true);
    expect(entries.some((e) => e.req?.url === `/reset-password?token=${REDACTED}&email=${REDACTED}`)).toBe(true);
    // The reset link's address is the account's: as private in the log as its token.
    expect(requestLines.filter((e) => e.req?.url.includes(encodeURIComponent(user.email)))).toEqual([]);
  });
});

describe.each(dialects)('one line per request at the default level [%s]', (dialect) => {
  const lines: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says for each request its method, route, status, time, request id and user, and nothing secret', async () => {
    const token = await login(server, ADMIN.email, ADMIN.password);
    const me = await call(server, 'GET', '/api/auth/user', { token, headers: { 'X-Request-Id': 'whoami-1' } });
    expect(me.status).toBe(200);
    expect((await call(server, 'GET', '/api/orphans/999999', { token, headers: { 'X-Request-Id': 'missing-1' } })).status).toBe(404);
    expect((await call(server, 'GET', '/api/orphans', { headers: { 'X-Request-Id': 'anonymous-1' } })).status).toBe(401);
    const entries = lines.join('').trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
    const of = (id: string) => entries.filter((e) => e.reqId === id);
    for (const id of ['whoami-1', 'missing-1', 'anonymous-1']) expect(of(id), id).toHaveLength(1);
    expect(of('whoami-1')[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/auth/user' }, route: '/api/auth/user', res: { statusCode: 200 }, userId: me.body.user.id });
    expect(of('missing-1')[0]).toMatchObject({ req: { method: 'GET', url: '/api/orphans/999999' }, route: '/api/orphans/:id', res: { statusCode: 404 }, userId: me.body.user.id });
    expect(of('anonymous-1')[0]).toMatchObject({ route: '/api/orphans', res: { statusCode: 401 }, userId: null });
    for (const id of ['whoami-1', 'missing-1', 'anonymous-1']) expect(typeof of(id)[0]!.responseTime, id).toBe('number');
    expect(lines.join('').includes(token.split('|')[1]!)).toBe(false);
  });
});
