import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.ts';

const KEY = 'k'.repeat(40);

describe('sealed secrets', () => {
  it('open to what was sealed, and never look like it', () => {
    const sealed = sealSecret(KEY, 'totp', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(KEY, 'totp', sealed)).toBe('JBSWY3DPEHPK3PXP');
    // a fresh nonce each time
    expect(sealSecret(KEY, 'totp', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('refuse another key, another purpose and any change', () => {
    const sealed = sealSecret(KEY, 'totp', 'secret');
    expect(() => openSecret('z'.repeat(40), 'totp', sealed)).toThrow();
    expect(() => openSecret(KEY, 'other', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('secreT').toString('base64url');
    expect(() => openSecret(KEY, 'totp', parts.join('.'))).toThrow();
    expect(() => openSecret(KEY, 'totp', 'plain')).toThrow();
  });

  it('refuse a shortened authentication tag', () => {
    const parts = sealSecret(KEY, 'totp', 'secret').split('.');
    parts[2] = Buffer.from(parts[2]!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => openSecret(KEY, 'totp', parts.join('.'))).toThrow('not a sealed secret');
  });
});
