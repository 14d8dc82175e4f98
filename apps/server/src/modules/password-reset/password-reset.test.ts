import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Dialect } from '../../config.ts';
import { call, login, startServer, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { createMailer } from '../../lib/mailer.ts';
import { requestPasswordReset } from './password-reset.service.ts';

/** Just enough of an SMTP server to receive what nodemailer sends, so the real mail path is tested. */
function fakeSmtp(): { server: Server; inbox: string[] } {
  const inbox: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          inbox.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl).toUpperCase();
        buffer = buffer.slice(nl + 2);
        if (line.startsWith('EHLO')) socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return { server, inbox };
}

/** Undo quoted-printable soft breaks and escapes, then find the reset link. */
function resetLink(raw: string): { token: string; email: string; to: string } {
  const text = raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const m = text.match(/https?:\/\/\S+\/reset-password\?token=([^&\s]+)&email=(\S+)/);
  if (!m) throw new Error(`no reset link in mail:\n${text}`);
  return { token: decodeURIComponent(m[1]), email: decodeURIComponent(m[2]), to: text.match(/^To: (.*)$/m)?.[1] ?? '' };
}

const FORGOT_MSG = 'If that e-mail address is registered, a password reset link has been sent.';
const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

for (const dialect of dialects) {
  describe(`password reset [${dialect}]`, () => {
    let server: TestServer;
    const smtp = fakeSmtp();

    beforeAll(async () => {
      await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
      const address = smtp.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server = await startServer(dialect, { smtpUrl: `smtp://127.0.0.1:${port}?from=office@orphancare.test`, appUrl: 'https://care.example' });
    });
    afterAll(async () => {
      await server?.close();
      await new Promise((resolve) => smtp.server.close(resolve));
    });
    beforeEach(async () => {
      smtp.inbox.length = 0;
      for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        await server.app.limiter.clear(`forgot-password:${ip}`);
        await server.app.limiter.clear(`reset-password:${ip}`);
      }
    });

    async function nextMail(): Promise<string> {
      for (let i = 0; i < 100 && smtp.inbox.length === 0; i++) await new Promise((r) => setTimeout(r, 30));
      if (!smtp.inbox.length) throw new Error('no mail arrived');
      return smtp.inbox.shift()!;
    }

    it('mails a one-time link that resets the password once and signs the user out everywhere', async () => {
      const u = await userWithRoles(server, ['Teacher'], 'forgotten-pass-1');
      const res = await call(server, 'POST', '/api/auth/forgot-password', { body: { email: u.email.toUpperCase() } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: FORGOT_MSG });

      const mail = await nextMail();
      expect(mail).toMatch(/^From: office@orphancare\.test/m);
      const link = resetLink(mail);
      expect(link.to).toContain(u.email);
      expect(link.email).toBe(u.email);
      expect(mail).toContain('https://care.example/reset-password?token=');
      // Only a hash of the token is stored.
      const row = await server.database.db.selectFrom('password_reset_tokens').selectAll().where('email', '=', u.email).executeTakeFirstOrThrow();
      expect(row.token_hash).not.toContain(link.token);
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60_000);

      const body = { email: u.email, token: link.token, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' };
      const reset = await call(server, 'POST', '/api/auth/reset-password', { body });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: 'Your password has been reset.' });
      expect((await call(server, 'GET', '/api/auth/user', { token: u.token })).status).toBe(401);
      await login(server, u.email, 'brand-new-pass-1');

      const again = await call(server, 'POST', '/api/auth/reset-password', { body: { ...body, password: 'third-pass-123', password_confirmation: 'third-pass-123' } });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: ['This password reset token is invalid.'] });
      const log = await server.database.db.selectFrom('activities').select('action').where('subject_id', '=', u.id).where('subject_type', '=', 'user').orderBy('id').execute();
      expect(log.map((l) => l.action)).toEqual(['password_reset_requested', 'password_reset']);
    });

    it('answers an unknown e-mail the same way and sends nothing', async () => {
      const res = await call(server, 'POST', '/api/auth/forgot-password', { body: { email: 'nobody-here@test.org' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: FORGOT_MSG });
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.inbox).toEqual([]);
      expect(await server.database.db.selectFrom('password_reset_tokens').selectAll().where('email', '=', 'nobody-here@test.org').execute()).toEqual([]);
    });

    it('refuses a wrong token, a token for another address, and an expired token', async () => {
      const u = await userWithRoles(server, [], 'some-pass-123');
      const other = await userWithRoles(server, [], 'some-pass-123');
      await call(server, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
      const { token } = resetLink(await nextMail());
      const body = (email: string, t: string) => ({ email, token: t, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' });

      const wrong = await call(server, 'POST', '/api/auth/reset-password', { body: body(u.email, `${token}x`) });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.email).toEqual(['This password reset token is invalid.']);
      expect((await call(server, 'POST', '/api/auth/reset-password', { body: body(other.email, token) })).status).toBe(422);

      await server.database.db.updateTable('password_reset_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', u.email).execute();
      const expired = await call(server, 'POST', '/api/auth/reset-password', { body: body(u.email, token) });
      expect(expired.status).toBe(422);
      expect(expired.body.errors.email).toEqual(['This password reset token is invalid.']);
      await login(server, u.email, 'some-pass-123');
    });

    it('replaces an earlier link with a newer one and does not mail the same address twice a minute', async () => {
      const u = await userWithRoles(server, []);
      await call(server, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
      const first = resetLink(await nextMail()).token;
      await call(server, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.inbox).toEqual([]);

      await server.database.db.updateTable('password_reset_tokens').set({ created_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', u.email).execute();
      await call(server, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
      const second = resetLink(await nextMail()).token;
      expect(second).not.toBe(first);
      const stale = await call(server, 'POST', '/api/auth/reset-password', { body: { email: u.email, token: first, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' } });
      expect(stale.status).toBe(422);
    });

    it('drops outstanding links when the account changes its e-mail or password', async () => {
      const u = await userWithRoles(server, [], 'some-pass-123');
      await call(server, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
      const { token } = resetLink(await nextMail());
      const change = await call(server, 'PUT', '/api/profile', {
        token: u.token,
        body: { current_password: 'some-pass-123', password: 'changed-pass-1', password_confirmation: 'changed-pass-1' },
      });
      expect(change.status).toBe(200);
      const res = await call(server, 'POST', '/api/auth/reset-password', { body: { email: u.email, token, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' } });
      expect(res.status).toBe(422);
    });

    it('validates with messages and rate-limits per address', async () => {
      const bad = await call(server, 'POST', '/api/auth/reset-password', { body: { email: 'x', token: '', password: 'short', password_confirmation: 'other' } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.email).toEqual(['Please enter a valid email']);
      expect(bad.body.errors.password).toEqual(['Password must be at least 8 characters']);
      let last = 0;
      for (let i = 0; i < 11; i++) last = (await call(server, 'POST', '/api/auth/forgot-password', { body: { email: `flood${i}@test.org` } })).status;
      expect(last).toBe(429);
    });

    it('creates no link when mail is not configured (an administrator sets the password instead)', async () => {
      const u = await userWithRoles(server, []);
      await requestPasswordReset({ db: server.database.db, mailer: createMailer({ appUrl: 'http://x', smtpUrl: undefined }), appUrl: 'http://x', log: server.app.log }, u.email);
      expect(await server.database.db.selectFrom('password_reset_tokens').selectAll().where('email', '=', u.email).execute()).toEqual([]);
    });
  });
}
