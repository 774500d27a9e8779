import { randomBytes } from 'node:crypto';
import type { ApiTokenKind } from '../../common/schemas/api-tokens.ts';

/** The prefix of each kind of token: secret scanners match it, and it tells the kind before any lookup. */
export const TOKEN_PREFIX: Record<ApiTokenKind, string> = { organisation: 'cpo_', personal: 'cpp_' };

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43; // 32 random bytes
const CHECK_LENGTH = 6; // a CRC32
const SHAPE = /^(cpo|cpp)_([0-9A-Za-z]{43})([0-9A-Za-z]{6})$/;

function base62(n: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let c = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const checksum = (prefixAndBody: string) => base62(BigInt(crc32(prefixAndBody)), CHECK_LENGTH);

/** A new secret: the kind's prefix, 43 base62 characters from 32 random bytes, and a 6-character CRC32 checksum. */
export function newApiTokenSecret(kind: ApiTokenKind): string {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  const head = `${TOKEN_PREFIX[kind]}${body}`;
  return `${head}${checksum(head)}`;
}

/** The kind a presented secret claims, or null when it is not shaped like a token or its checksum is wrong (a typo). */
export function apiTokenKindOf(secret: string): ApiTokenKind | null {
  const m = SHAPE.exec(secret);
  if (!m) return null;
  if (checksum(`${m[1]}_${m[2]}`) !== m[3]) return null;
  return m[1] === 'cpo' ? 'organisation' : 'personal';
}
