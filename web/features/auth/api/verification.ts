import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailInput } from '../../../../common/schemas/auth.ts';
import { api } from '../../../lib/api.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';

/** Confirms the e-mail address with the token of the link; the signed-in user (if any) is refreshed. */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyEmailInput) => api.post<{ ok: true }>('/api/auth/verify-email', input),
    onSuccess: () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

/** Asks for a fresh verification link (signed in; a few an hour). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => api.post<{ ok: true }>('/api/auth/resend-verification') });
}
