import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope and the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port that keeps what it is sent, so tests hold a true SMTP conversation
 * with the product's mailer (no TLS, no authentication).
 */
export async function startInbox(): Promise<{ port: number; messages: ReceivedMail[]; close: () => Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const { port } = smtp.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise<void>((r) => smtp.close(() => r())) };
}

/** A message's body as written, with quoted-printable soft breaks and `=3D` undone (enough to read links). */
export const plainBody = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
