import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ForgotPasswordInput, resetPasswordResultSchema, resetPasswordSchema } from '../../../../common/schemas/password-reset.ts';
import { api } from '../../../lib/api.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';

type ResetPasswordResult = z.infer<typeof resetPasswordResultSchema>;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (input: ForgotPasswordInput) => api.post<{ ok: true }>('/api/auth/forgot-password', input) });
}

/**
 * Sets a password with the token of a reset or invitation link. Every session of that account ends, so the
 * signed-in user (if it was this account) is asked for again.
 */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof resetPasswordSchema>) => api.post<ResetPasswordResult>('/api/auth/reset-password', input),
    onSuccess: () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
