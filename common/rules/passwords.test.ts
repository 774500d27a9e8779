import { describe, expect, it } from 'vitest';
import { registerSchema } from '../schemas/auth.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, newPasswordSchema } from './passwords.ts';

describe('the common-password rule', () => {
  it('holds a few hundred lower-case entries of at least 8 characters, without duplicates', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(COMMON_PASSWORDS.length).toBeLessThanOrEqual(1000);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    expect(COMMON_PASSWORDS.filter((p) => p.length < 8 || p !== p.toLowerCase())).toEqual([]);
  });

  it.each(['password123', 'Password123', 'QWERTY123', 'iloveyou', '12345678', 'P@ssw0rd', 'Summer2024'])('refuses %s, whatever its case', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
    const r = newPasswordSchema.safeParse(pw);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([COMMON_PASSWORD_MESSAGE]);
  });

  it.each(['CorrectHorse9', 'Imogen-Pass-42', 'tangerine-otter-cable'])('accepts %s', (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
    expect(newPasswordSchema.safeParse(pw).success).toBe(true);
  });

  it('is the rule of the registration form, under the password field', () => {
    const r = registerSchema.safeParse({ password: 'iloveyou1', confirmPassword: 'iloveyou1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toContainEqual(expect.objectContaining({ path: ['password'], message: COMMON_PASSWORD_MESSAGE }));
  });
});
