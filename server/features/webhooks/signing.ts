import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing: the key is the base64-decoded part of the `whsec_…` secret, the signed content is
 * `<webhook-id>.<webhook-timestamp>.<body>`, and `webhook-signature` lists `v1,<base64 HMAC-SHA256>` per secret,
 * space-separated (the new and the previous secret during the day after a rotation).
 */

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64. Shown once. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The base64 HMAC-SHA256 of the message with one secret. */
export function signWith(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** The three headers of a delivery, signed with every secret given (newest first). */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => `v1,${signWith(s, id, timestamp, body)}`).join(' '),
  };
}

/** A delivery's id, `msg_` and 24 random base62-ish characters: the `webhook-id` receivers de-duplicate on. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(18).toString('base64url').replace(/[-_]/g, '0')}`;
}
