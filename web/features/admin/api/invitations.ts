import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InvitationResult, invitationSchema } from '../../../../common/schemas/password-reset.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { toast } from '../../../lib/toast.ts';

/** Invites someone as an approved partner; the new account shows in the users list, the overview and the audit log. */
export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof invitationSchema>) => api.post<InvitationResult>('/api/admin/invitations', input),
    onSuccess: () => changed(client, 'member'),
  });
}

/**
 * Sends a member a link to choose a new password (the administrator never sees or sets it); shown from the
 * user's `can.sendPasswordReset`.
 */
export function useSendPasswordReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => api.post<{ ok: true }>(`/api/users/${encodeURIComponent(id)}/password-reset`, {}),
    onSuccess: () => toast({ variant: 'success', title: 'Password reset link sent', description: 'The member has been e-mailed a link to choose a new password.' }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: err instanceof ApiError && [403, 429, 503].includes(err.status) && err.detail ? err.detail : 'Failed to send the reset link. Please try again.',
      }),
    // the audit log gains the entry
    onSettled: () => changed(client, 'member'),
  });
}
