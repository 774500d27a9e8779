import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

const common = new Set(COMMON_PASSWORDS);

/** Whether a password is one of the well-known ones an attacker tries first (case is ignored). */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/**
 * The rule for every new password (registration and a password change): 8 to 100 characters and not a commonly
 * used password. The forms and the server use this same schema, so they say the same message
 * (docs/decisions/0018-one-password-rule.md).
 */
export const newPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(LIMITS.password.min, 'Password must be at least 8 characters')
  .max(LIMITS.password.max, 'Password must be at most 100 characters')
  .refine((v) => !isCommonPassword(v), COMMON_PASSWORD_MESSAGE);
