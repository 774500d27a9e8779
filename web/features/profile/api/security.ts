import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession, RecoveryCodes, TwoFactorDisableInput, TwoFactorSetupResult, TwoFactorStatus } from '../../../../common/schemas/security.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { api } from '../../../lib/api.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';
import { profileKeys } from './keys.ts';

/** Whether two-factor sign-in is on and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: profileKeys.twoFactor, queryFn: () => api.get<TwoFactorStatus>('/api/auth/2fa') });
}

/** Turning two-factor sign-in on or off changes its status and the current user (twoFactorEnabled, and an admin's set-up requirement). */
function useRefreshTwoFactor() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: profileKeys.twoFactor });
    void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

/** POST /api/auth/2fa/setup: a new secret as a QR code and a key to type in. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: (body: { password: string }) => api.post<TwoFactorSetupResult>('/api/auth/2fa/setup', body) });
}

/**
 * POST /api/auth/2fa/enable: the first code turns it on; answers the recovery codes. The caller refreshes the
 * status (`refresh`) once the codes have been saved, so the dialog that shows them is not replaced meanwhile.
 */
export function useEnableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return { ...useMutation({ mutationFn: (body: { code: string }) => api.post<RecoveryCodes>('/api/auth/2fa/enable', body) }), refresh };
}

export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({ mutationFn: (body: TwoFactorDisableInput) => api.post<{ ok: true }>('/api/auth/2fa/disable', body), onSuccess: refresh });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => api.post<RecoveryCodes>('/api/auth/2fa/recovery-codes', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: profileKeys.twoFactor }),
  });
}

/** The member's signed-in devices. */
export function useActiveSessions() {
  return useQuery({ queryKey: profileKeys.sessions, queryFn: () => api.get<{ items: ActiveSession[] }>('/api/auth/sessions') });
}

/** Signs out one device; signing out this one is a sign-out (the page then starts again signed out). */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (session: ActiveSession) => api.delete<{ ok: true }>(`/api/auth/sessions/${encodeURIComponent(session.id)}`),
    onSuccess: (_d, session) => {
      if (session.current) window.location.assign('/login');
      else void client.invalidateQueries({ queryKey: profileKeys.sessions });
    },
  });
}

export function useSignOutOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ signedOut: number }>('/api/auth/sessions/sign-out-others'),
    onSuccess: () => void client.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

/** DELETE /api/auth/oauth/:provider; the answer is the user without that provider. */
export function useUnlinkProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: 'google' | 'apple') => api.delete<{ user: CurrentUser }>(`/api/auth/oauth/${provider}`),
    onSuccess: ({ user }) => {
      client.setQueryData(CURRENT_USER_KEY, user);
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}
