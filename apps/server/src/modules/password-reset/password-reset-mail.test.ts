import nodemailer from 'nodemailer';
import { expect, it } from 'vitest';
import { describeEachDatabase, userWithRoles } from '../../../test/harness.ts';
import { createMailer } from '../../lib/mailer.ts';
import { requestPasswordReset } from './password-reset.service.ts';

/**
 * The reset e-mail is a sink for text users typed (their name, the organisation's name): it shows
 * that text as text, and the text cannot add lines or headers of its own (decision 0025). The
 * values are written straight to the database, as if some input rule had let them through.
 */
describeEachDatabase('password reset e-mail', (server) => {
  it('shows a name with markup as text, on its line, in a text/plain mail with a one-line subject', async () => {
    const user = await userWithRoles(server(), ['Teacher']);
    const db = server().database.db;
    await db.updateTable('users').set({ name: '<b>x</b>\n\nYour account is locked, sign in at http://evil.example' }).where('id', '=', user.id).execute();
    await db.updateTable('settings').set({ value: '<i>Org</i>\r\nBcc: victim@example.org' }).where('key', '=', 'organization_name').execute();

    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const sent = new Promise<string>((resolve) => {
      const transport = { sendMail: (mail: nodemailer.SendMailOptions) => stream.sendMail(mail).then((info) => (resolve((info.message as Buffer).toString('utf8')), info)) };
      const deps = { db, mailer: createMailer({ smtpUrl: 'smtp://mail.example', appUrl: 'https://care.example' }, transport), appUrl: 'https://care.example', log: server().app.log };
      void requestPasswordReset(deps, user.email);
    });
    const raw = await sent;
    const body = raw.slice(raw.search(/\r?\n\r?\n/)).replace(/^\r?\n\r?\n/, '').replace(/\r\n/g, '\n').replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(raw).not.toMatch(/text\/html/);
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toMatch(/^Subject: Reset your <i>Org<\/i> Bcc: victim@example.org password$/m);
    const lines = body.split('\n');
    expect(lines[0]).toBe('Hello <b>x</b> Your account is locked, sign in at http://evil.example,');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^Someone asked to reset the password of your <i>Org<\/i> Bcc: victim@example.org account\./);
    expect(lines[4]).toMatch(/^https:\/\/care\.example\/reset-password\?token=/);
  });
});
