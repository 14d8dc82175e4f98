import type { Transporter } from 'nodemailer';
import { RTL_LANGUAGES, type Language } from '@app/shared/i18n/languages';
import type { Config } from '../config.ts';

/**
 * Plain text, on purpose: a text/plain body is never rendered as markup, so a name such as
 * `<b>x</b>` arrives as those characters whatever a mail client does (decision 0025). Compose
 * bodies with `mailText`, which keeps each value on its own line. There is no `html` field: an
 * HTML part would need every value escaped, and one forgotten escape is an injection. A mail in
 * Dari or Pashto (`language`) also gets an HTML part, but only the one `rtlHtml` makes from the
 * text by escaping all of it, so that mail clients lay it out right to left (decision 0030).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The reader's language; English when not given. */
  language?: Language;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * The text as a right-to-left HTML part: every character of it escaped, each line a line, a line
 * that is one web address a link (a reset link must stay clickable). Nothing from the caller is
 * taken as markup, so this keeps decision 0025's guarantee.
 */
export function rtlHtml(text: string, language: Language): string {
  const lines = text.split('\n').map((line) => {
    const escaped = escapeHtml(line);
    // The address reads left to right inside the right-to-left text.
    return /^https?:\/\/\S+$/.test(line) ? `<a href="${escaped}" dir="ltr">${escaped}</a>` : escaped;
  });
  return `<!doctype html><html lang="${language}" dir="rtl"><body dir="rtl" style="direction:rtl;text-align:right"><div dir="rtl">${lines.join('<br>\n')}</div></body></html>`;
}

/**
 * Line breaks and the bidirectional controls that reorder what a reader sees (U+202A–U+202E,
 * U+2066–U+2069), in a value that must stay one line of text.
 */
const BREAKS_AND_BIDI = /[\r\n\t\v\f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** A value as one line of text: a name cannot add lines ("Your account is locked, go to …") to a mail. */
export function oneLine(value: unknown): string {
  return String(value).replace(BREAKS_AND_BIDI, ' ').trim();
}

/**
 * A mail body from a template: every interpolated value is put on one line (`oneLine`), the
 * template's own text is kept as written.
 * mailText`Hello ${user.name},\n\nOpen this link:\n${link}`
 */
export function mailText(template: TemplateStringsArray, ...values: unknown[]): string {
  return template.reduce((out, part, i) => out + part + (i < values.length ? oneLine(values[i]) : ''), '');
}

/** Outgoing mail behind one small interface, so tests and other transports can stand in. */
export interface Mailer {
  /** False when no SMTP_URL is configured: nothing is sent (administrators reset passwords by hand). */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const disabled: Mailer = {
  enabled: false,
  async send() {
    /* no transport configured */
  },
};

/**
 * SMTP from `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://...`); an optional `from` query
 * parameter sets the sender, else `no-reply@` the host of APP_URL.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'appUrl'>, transport?: Pick<Transporter, 'sendMail'>): Mailer {
  if (!config.smtpUrl) return disabled;
  const url = new URL(config.smtpUrl);
  const from = url.searchParams.get('from') || `no-reply@${new URL(config.appUrl).hostname}`;
  url.searchParams.delete('from');
  // nodemailer is loaded with the first message, not at start: a few MB that an idle server does
  // not need (decision 0020), and most servers send a mail a day at most.
  let smtp: Promise<Pick<Transporter, 'sendMail'>> | undefined = transport && Promise.resolve(transport);
  return {
    enabled: true,
    async send({ to, subject, text, language }) {
      smtp ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url.toString()));
      // Named fields only, so nothing else (an `html` a caller slipped in) reaches the transport.
      const html = language && RTL_LANGUAGES.has(language) ? rtlHtml(text, language) : undefined;
      await (await smtp).sendMail({ from, to, subject: oneLine(subject), text, ...(html ? { html } : {}) });
    },
  };
}
