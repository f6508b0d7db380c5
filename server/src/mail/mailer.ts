// Outgoing e-mail through the organisation's mail server (nodemailer over SMTP). Sending is a network
// call: callers send after their transaction has committed, never inside it, and a failure is reported
// to the caller rather than thrown, because the link the mail carries is also in the API's answer.
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { SmtpSettings } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** not_configured: no GATEHOUSE_SMTP_URL; failed: the mail server could not be reached or refused it. */
export type MailResult =
  | { status: 'sent'; error: null }
  | { status: 'failed'; error: string }
  | { status: 'not_configured'; error: null };

export interface Mailer {
  send(mail: OutgoingMail): Promise<MailResult>;
  close(): void;
}

// A mail server that does not answer must not hold an admin's request for minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(settings: SmtpSettings, log: Logger): Mailer {
  const { url } = settings;
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    ...TIMEOUTS,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: settings.from, ...mail });
        return { status: 'sent', error: null };
      } catch (err) {
        log.warn({ err, to: mail.to }, 'an e-mail could not be sent');
        // The mail server's reply (a refused recipient, a failed login) is what the admin can act on.
        const error = err instanceof Error ? err.message : String(err);
        return { status: 'failed', error: error.slice(0, 300) };
      }
    },
    close: () => transport.close(),
  };
}

/** No mail server configured: nothing is sent, and the caller shows the link instead. */
export const NO_MAILER: Mailer = {
  send: async () => ({ status: 'not_configured', error: null }),
  close: () => {},
};
