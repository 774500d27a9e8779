import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A compact token that carries its own facts, signed with HMAC-SHA-256 under the session secret:
 * `base64url(JSON).base64url(mac)`. The purpose is part of what is signed, so a token made for one use
 * (verifying an e-mail address) is worthless for any other.
 */
export function signToken(secret: string, purpose: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload of an authentic token for this purpose, or undefined (forged, altered, malformed). */
export function readToken(secret: string, purpose: string, token: string): unknown {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function mac(secret: string, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
}
