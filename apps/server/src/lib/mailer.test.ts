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

  it('adds a right-to-left HTML part for Dari and Pashto, made only from the escaped text', async () => {
    const transport = rawTransport();
    const mailer = createMailer({ smtpUrl: 'smtp://mail.example:587', appUrl: 'https://care.example' }, transport);
    const text = mailText`${'<img src=x onerror=alert(1)>'} عزیز، سلام.\n\nhttps://care.example/reset-password?token=a"b&email=c`;
    await mailer.send({ to: 'user@care.example', subject: 'سلام', text, language: 'fa-AF' });
    await mailer.send({ to: 'user@care.example', subject: 'Hi', text: 'Hello', language: 'en' });
    const [dari, english] = transport.messages;
    expect(dari).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(dari).toMatch(/^Content-Type: text\/plain/m);
    expect(dari).toMatch(/^Content-Type: text\/html/m);
    // The HTML part's body, quoted-printable decoded (=XX are UTF-8 bytes, "=" at a line's end a soft break).
    const part = dari.replace(/\r\n/g, '\n').split(/^Content-Type: text\/html.*$/m)[1];
    const encoded = part.slice(part.indexOf('\n\n') + 2, part.indexOf('\n----'));
    const bytes = encoded.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const decoded = Buffer.from(bytes, 'latin1').toString('utf8');
    expect(decoded).toContain('<html lang="fa-AF" dir="rtl">');
    expect(decoded).toContain('عزیز، سلام.');
    expect(decoded).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(decoded).not.toContain('<img');
    expect(decoded).toContain('<a href="https://care.example/reset-password?token=a&quot;b&amp;email=c" dir="ltr">');
    expect(english).not.toMatch(/text\/html/);
  });

  it('is disabled without SMTP_URL', () => {
    expect(createMailer({ smtpUrl: undefined, appUrl: 'https://care.example' }).enabled).toBe(false);
  });
});
