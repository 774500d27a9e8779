import { createHash, randomBytes } from 'node:crypto';

/** A random, unguessable token for a cookie or a link. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database stores instead of a token, so a leaked table holds no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
