import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createMailer, mailText, oneLine } from './mailer.ts';

/** nodemailer's own stream transport: the exact MIME message SMTP would carry, without a server. */
function rawTransport() {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const messages: string[] = [];
  return {
    messages,
    async sendMail(mail: nodemailer.SendMailOptions) {
      const info = await stream.sendMail(mail);
      messages.push((info.message as Buffer).toString('utf8'));
      return info;
    },
  };
}

describe('mail text', () => {
  it('keeps each value on one line and drops the controls that reorder text', () => {
    expect(oneLine('Ali\n\nYour account is locked: http://evil.example')).toBe('Ali Your account is locked: http://evil.example');
    expect(oneLine('a\r\nb\u2028c\u202ed\u2066e')).toBe('a b c d e');
    expect(oneLine('مریم\u200cاحمدی')).toBe('مریم\u200cاحمدی');
    const name = '<b>x</b>\r\n\r\nClick http://evil.example';
    expect(mailText`Hello ${name},\n\nBye`).toBe('Hello <b>x</b> Click http://evil.example,\n\nBye');
  });
});

describe('createMailer', () => {
  it('sends text/plain only, whatever the caller passes, with a one-line subject', async () => {
    const transport = rawTransport();
    const mailer = createMailer({ smtpUrl: 'smtp://mail.example:587?from=office@care.example', appUrl: 'https://care.example' }, transport);
    const message = { to: 'user@care.example', subject: 'Hi <b>x</b>\r\nBcc: victim@example.org', text: mailText`Hello ${'<b>x</b>'},`, html: '<b>raw</b>' };
    await mailer.send(message);
    const raw = transport.messages[0]!;
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).not.toMatch(/text\/html/);
    expect(raw).not.toContain('<b>raw</b>');
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toMatch(/^Subject: Hi <b>x<\/b> Bcc: victim@example.org$/m);
    expect(raw).toContain('Hello <b>x</b>,');
    expect(raw).toMatch(/^From: office@care\.example$/m);
  });

  it('is disabled without SMTP_URL', () => {
    expect(createMailer({ smtpUrl: undefined, appUrl: 'https://care.example' }).enabled).toBe(false);
  });
});
