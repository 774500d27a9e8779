import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A 256-bit key for one purpose, derived from SESSION_SECRET (HKDF-SHA256), so each use has its own key. */
export function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'chief-partners', purpose, 32));
}

/**
 * Encrypts a small secret for storage (AES-256-GCM, a fresh 96-bit nonce each time): `v1.<nonce>.<tag>.<cipher>`.
 * The purpose is bound as associated data, so a value stored for one purpose does not decrypt as another.
 */
export function sealSecret(secret: string, purpose: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what `sealSecret` stored; throws when it was altered or sealed with another secret or purpose. */
export function openSecret(secret: string, purpose: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not a sealed secret');
  const authTag = Buffer.from(tag, 'base64url');
  // a full 128-bit tag only: a shortened tag would be easier to forge
  if (authTag.length !== 16) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(nonce, 'base64url'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
