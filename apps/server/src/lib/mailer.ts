import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
export function createMailer(config: Pick<Config, 'smtpUrl' | 'appUrl'>): Mailer {
  if (!config.smtpUrl) return disabled;
  const url = new URL(config.smtpUrl);
  const from = url.searchParams.get('from') || `no-reply@${new URL(config.appUrl).hostname}`;
  url.searchParams.delete('from');
  const transport = nodemailer.createTransport(url.toString());
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
