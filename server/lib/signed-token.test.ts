import { describe, expect, it } from 'vitest';
import { readToken, signToken } from './signed-token.ts';

const SECRET = 's'.repeat(40);

describe('signed tokens', () => {
  it('read back the payload they were made with', () => {
    const token = signToken(SECRET, 'verify-email', { u: 'id-1', e: 'a@example.com', x: 123 });
    expect(readToken(SECRET, 'verify-email', token)).toEqual({ u: 'id-1', e: 'a@example.com', x: 123 });
  });

  it('are refused under another secret or purpose, altered, or malformed', () => {
    const token = signToken(SECRET, 'verify-email', { u: 'id-1' });
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'id-2' })).toString('base64url');
    expect(readToken('t'.repeat(40), 'verify-email', token)).toBeUndefined();
    expect(readToken(SECRET, 'reset-password', token)).toBeUndefined();
    expect(readToken(SECRET, 'verify-email', `${forged}.${sig}`)).toBeUndefined();
    expect(readToken(SECRET, 'verify-email', `${body}.${sig}x`)).toBeUndefined();
    expect(readToken(SECRET, 'verify-email', `${body}`)).toBeUndefined();
    expect(readToken(SECRET, 'verify-email', `${token}.more`)).toBeUndefined();
  });
});
