import { describe, expect, it } from 'vitest';
import { resetLinkKind } from './reset-link.ts';

const body = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('resetLinkKind', () => {
  it('reads an invitation from the token body', () => {
    expect(resetLinkKind(`${body({ u: 'x', k: 'invite', x: 1 })}.sig`)).toBe('invite');
  });

  it('anything else, or nothing readable, is a reset', () => {
    expect(resetLinkKind(`${body({ k: 'reset' })}.sig`)).toBe('reset');
    expect(resetLinkKind(`${body({})}.sig`)).toBe('reset');
    expect(resetLinkKind('%%%not-base64')).toBe('reset');
    expect(resetLinkKind('')).toBe('reset');
  });
});
