import { z } from 'zod';
import { instantSchema } from './money.ts';
import { userEnvelopeSchema } from './user.ts';

/** How many recovery codes a member gets each time they are made. */
export const RECOVERY_CODE_COUNT = 10;

const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is required');

/** A six-digit code from the authenticator app; spaces are ignored ("123 456"). */
export const totpCodeField = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** A recovery code as printed ("abcde-fghij"); letter case, spaces and dashes are ignored. */
export const recoveryCodeField = z
  .string({ error: 'Enter one of your recovery codes.' })
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter one of your recovery codes.'));

/** Either a current code or one recovery code proves the second factor. */
const secondFactor = z.object({ code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() });
const oneFactor = <T extends { code?: string; recoveryCode?: string }>(v: T) => !!v.code !== !!v.recoveryCode;
const oneFactorError = { message: 'Enter the 6-digit code from your authenticator app or a recovery code.', path: ['code'] };

/** POST /api/auth/login/2fa: the second step of a sign-in. */
export const loginSecondStepSchema = secondFactor.strict().refine(oneFactor, oneFactorError);
export type LoginSecondStepInput = z.input<typeof loginSecondStepSchema>;

/** POST /api/auth/login answers the user, or that a code is still owed (no session yet). */
export const twoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true) });
export const loginResultSchema = z.union([userEnvelopeSchema, twoFactorRequiredSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /api/auth/2fa/setup: the password proves it is the owner at the keyboard. */
export const twoFactorSetupSchema = z.object({ password: passwordField }).strict();
export const twoFactorSetupResultSchema = z.object({
  /** The otpauth:// address as a QR code (an SVG data URL) for the authenticator app to scan. */
  qrCode: z.string(),
  /** The same secret for typing in by hand (base32, in groups of four). */
  manualKey: z.string(),
});
export type TwoFactorSetupResult = z.infer<typeof twoFactorSetupResultSchema>;

/** POST /api/auth/2fa/enable: the first code from the app turns two-factor sign-in on. */
export const twoFactorEnableSchema = z.object({ code: totpCodeField }).strict();
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/auth/2fa/disable: the password AND a current code or a recovery code. */
export const twoFactorDisableSchema = secondFactor.extend({ password: passwordField }).strict().refine(oneFactor, oneFactorError);
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /api/auth/2fa/recovery-codes: new codes (the old ones stop working) for the password and a current code. */
export const recoveryCodesRegenerateSchema = z.object({ password: passwordField, code: totpCodeField }).strict();

/** GET /api/auth/2fa: whether it is on and how many unused recovery codes are left. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: instantSchema.nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** One signed-in device as its owner sees it. */
export const activeSessionSchema = z.object({
  /** An opaque id for this list and its sign-out button (never the session token or its hash). */
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet']),
  /** The address it last signed in from, shortened ("203.0.113.x"). */
  ip: z.string().nullable(),
  createdAt: instantSchema,
  lastSeenAt: instantSchema,
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionListSchema = z.object({ items: z.array(activeSessionSchema) });

export const sessionIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Session not found.') });
export const signedOutCountSchema = z.object({ signedOut: z.number().int() });

/** DELETE /api/auth/oauth/:provider */
export const oauthProviderParams = z.object({ provider: z.enum(['google', 'apple'], { error: 'Unknown sign-in provider.' }) });

/** GET/PUT /api/admin/settings/security */
export const securitySettingsSchema = z.object({ requireAdmin2fa: z.boolean({ error: 'requireAdmin2fa must be true or false' }) }).strict();
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/**
 * POST /api/auth/confirm-identity: the password, or a current code from the authenticator app (a recovery code is
 * kept for signing in when the phone is lost, so it is not spent here).
 */
export const confirmIdentitySchema = z
  .object({ password: passwordField.optional(), code: totpCodeField.optional() })
  .strict()
  .refine((v) => !!v.password !== !!v.code, { message: 'Enter your password or the 6-digit code from your authenticator app.', path: ['password'] });
export type ConfirmIdentityInput = z.input<typeof confirmIdentitySchema>;
/** Until when sensitive changes are open to this session without confirming again. */
export const identityConfirmedSchema = z.object({ confirmedUntil: instantSchema });
