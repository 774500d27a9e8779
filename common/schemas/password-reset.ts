import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { newPasswordSchema } from '../rules/passwords.ts';
import { emailField } from './auth.ts';

/** POST /api/auth/forgot-password: the address to send a link to (the answer never says whether it has an account). */
export const forgotPasswordSchema = z.object({ email: emailField }).strict();
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The answer to a forgot-password request: the same whatever became of it. */
export const forgotPasswordResultSchema = z.object({ ok: z.literal(true) });

/**
 * POST /api/auth/reset-password: the signed token of a reset or invitation link and the new password, under the
 * one rule for every new password, so the form and the server say the same messages.
 */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'This link is incomplete.' }).min(1, 'This link is incomplete.').max(2000, 'This link is not valid.'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .strict()
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    // checked even while other fields are still wrong, so every message shows at once
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof v?.newPassword === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** What a link was sent for: a forgotten password, or an invitation to set the first one. */
export const RESET_LINK_KINDS = ['reset', 'invite'] as const;
export type ResetLinkKind = (typeof RESET_LINK_KINDS)[number];

/** The answer to a successful reset: what the link was for, so the page can word its confirmation. */
export const resetPasswordResultSchema = z.object({ ok: z.literal(true), kind: z.enum(RESET_LINK_KINDS) });

/** POST /api/admin/invitations: the person an administrator invites as an approved partner. */
export const invitationSchema = z
  .object({
    email: emailField,
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(LIMITS.name.max, 'First name must be at most 50 characters'),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(LIMITS.name.max, 'Last name must be at most 50 characters'),
  })
  .strict();
export type InvitationInput = z.input<typeof invitationSchema>;

/** The invited account, as the administrator sees it in the answer. */
export const invitationResultSchema = z.object({ id: z.uuid(), username: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });
export type InvitationResult = z.infer<typeof invitationResultSchema>;
