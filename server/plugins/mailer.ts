import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post); sent over SMTP, not kept in the outbox. */
  headers?: Record<string, string>;
  /** Files sent with it (a remittance statement); the outbox keeps only their names, never their content. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** The outbox's copy: recipient, subject and the text with its tokens blanked, and the names of any attachments. */
const kept = (message: MailMessage) => ({ to: message.to, subject: message.subject, text: storedText(message.text) + attachedNames(message) });

/** "Attached: CP0007-0042.pdf", the only trace of an attachment the outbox keeps. */
const attachedNames = (message: MailMessage) => (message.attachments?.length ? `\n\n[Attached: ${message.attachments.map((a) => a.filename).join(', ')}]` : '');

/** One way to send e-mail: SMTP when configured, otherwise the log plus the outbox table. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Never throws: a failure is logged and recorded in the outbox, the caller's work stands. */
  send(message: MailMessage): Promise<{ ok: boolean }>;
}

/**
 * The copy of a message the outbox keeps: signed tokens in links are blanked. Whoever reads the outbox (every
 * admin, a backup) must not be able to use a link meant for the recipient alone: a verification link proves the
 * recipient owns the address only while nobody else can open it.
 */
export function storedText(text: string): string {
  return text.replace(/([?&]token=)[^\s&#]+/g, '$1[redacted]');
}

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      transport: 'outbox',
      async send(message) {
        log.info({ mail: { to: message.to, subject: message.subject } }, 'e-mail kept in the outbox (no SMTP_URL set)');
        await db.insert(outbox).values({ ...kept(message), transport: 'outbox', status: 'stored' });
        return { ok: true };
      },
    };
  }
  // The decision that triggers a mail waits for it: nodemailer's defaults (2 min to connect, 30 s for the
  // greeting, 10 min of socket silence) would hold an admin's request, and a shutdown, that long.
  const transporter = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 });
  return {
    transport: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          headers: message.headers,
          attachments: message.attachments,
        });
        await db.insert(outbox).values({ ...kept(message), transport: 'smtp', status: 'sent' });
        return { ok: true };
      } catch (err) {
        log.error({ err, mail: { to: message.to, subject: message.subject } }, 'e-mail could not be sent');
        await db.insert(outbox).values({ ...kept(message), transport: 'smtp', status: 'failed', error: String((err as Error).message).slice(0, 500) });
        return { ok: false };
      }
    },
  };
}
