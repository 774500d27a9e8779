import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RejectionReason } from '../../../../common/constants/options.ts';
import type { ApplicationStats, PendingApplication, UpdateApplicationInput } from '../../../../common/schemas/applications.ts';
import type { Page } from '../../../../common/schemas/page.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { applicationKeys } from './keys.ts';

export type { ApplicationStats } from '../../../../common/schemas/applications.ts';

export const PENDING_PAGE_SIZE = 20;
const pendingAll = { queryKey: applicationKeys.pendingAll };

/** One page of the pending list, newest first, found by number or by cursor. */
export function usePendingApplications(position: PagePosition) {
  return useQuery({
    queryKey: applicationKeys.pending({ ...position, pageSize: PENDING_PAGE_SIZE }),
    queryFn: () => api.get<Page<PendingApplication>>(withQuery('/api/admin/pending-applications', { ...position, pageSize: PENDING_PAGE_SIZE })),
    placeholderData: (previous) => previous,
  });
}

export function useApplicationStats() {
  return useQuery<ApplicationStats>({ queryKey: applicationKeys.stats });
}

/**
 * A checklist change or a decision changes the pending list and its summary; a decision also changes the users
 * list (a new member, or a rejected applicant), the partner overview and the audit log in the Admin Panel.
 */
function useRefreshApplications() {
  const client = useQueryClient();
  return () => changed(client, 'application');
}

/** One checklist or risk change, shown at once (optimistic) and rolled back if the server refuses it. */
export function useUpdateApplication() {
  const client = useQueryClient();
  const refresh = useRefreshApplications();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: UpdateApplicationInput }) =>
      api.post<{ ok: true }>(`/api/admin/update-application/${encodeURIComponent(userId)}`, change),
    onMutate: async ({ userId, change }) => {
      await client.cancelQueries(pendingAll);
      const previous = client.getQueriesData<Page<PendingApplication>>(pendingAll);
      client.setQueriesData<Page<PendingApplication>>(pendingAll, (p) => p && { ...p, items: p.items.map((a) => (a.userId === userId ? { ...a, ...change } : a)) });
      return { previous };
    },
    onError: (err, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
      toast({ variant: 'destructive', title: 'Failed to update application', description: errorDetail(err, 'Please try again.') });
    },
    onSuccess: () => toast({ variant: 'success', title: 'Application updated successfully' }),
    onSettled: () => refresh(),
  });
}

export function useApproveApplication() {
  const refresh = useRefreshApplications();
  return useMutation({
    mutationFn: ({ userId, notes }: { userId: string; notes?: string }) =>
      api.post<unknown>(`/api/admin/approve-application/${encodeURIComponent(userId)}`, notes ? { notes } : {}),
    onSuccess: () => toast({ variant: 'success', title: 'Application approved successfully' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Failed to approve application', description: errorDetail(err, 'Please try again.') }),
    onSettled: () => refresh(),
  });
}

export function useRejectApplication() {
  const refresh = useRefreshApplications();
  return useMutation({
    mutationFn: ({ userId, reason, notes }: { userId: string; reason: RejectionReason; notes?: string }) =>
      api.post<unknown>(`/api/admin/reject-application/${encodeURIComponent(userId)}`, notes ? { reason, notes } : { reason }),
    onSuccess: () => toast({ variant: 'success', title: 'Application rejected successfully' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Failed to reject application', description: errorDetail(err, 'Please try again.') }),
    onSettled: () => refresh(),
  });
}

/** Mails the applicant a new verification link (limited and audited on the server). */
export function useResendApplicantVerification() {
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) => api.post<{ ok: true }>(`/api/admin/applications/${encodeURIComponent(userId)}/resend-verification`, {}),
    onSuccess: () => toast({ variant: 'success', title: 'Verification email sent', description: 'The applicant has a new link to confirm their email address.' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Failed to resend verification email', description: errorDetail(err, 'Please try again.') }),
  });
}
