import { describe, expect, it } from 'vitest';
import { normaliseTags, passwordChangeSchema, profileUpdateSchema } from './profile.ts';

describe('profile schemas', () => {
  it('keeps tags trimmed, without blanks or repeats in another letter case', () => {
    expect(normaliseTags(['  Sales ', 'sales', '', '   ', 'M&A  Advisory', 'SALES', 'Tax'])).toEqual(['Sales', 'M&A Advisory', 'Tax']);
  });

  it('accepts a minimal profile and normalises the e-mail address', () => {
    const v = profileUpdateSchema.parse({ firstName: ' Ada ', lastName: 'L', email: ' Ada@Example.COM ' });
    expect(v).toEqual({ firstName: 'Ada', lastName: 'L', email: 'ada@example.com' });
  });

  it("says Passwords don't match only once both are filled", () => {
    const mismatch = passwordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'Brand-new-secret-42', confirmPassword: 'other' });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual(["Passwords don't match"]);
    const empty = passwordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'Brand-new-secret-42', confirmPassword: '' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['Please confirm your password']);
  });
});
