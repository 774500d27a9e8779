import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RejectionReason } from '../../../../common/constants/options.ts';
import type { PendingApplication, UpdateApplicationInput } from '../../../../common/schemas/applications.ts';
import type { Page } from '../../../../common/schemas/page.ts';
import type { z } from 'zod';
import type { applicationStatsSchema } from '../../../../common/schemas/applications.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

export type ApplicationStats = z.infer<typeof applicationStatsSchema>;

const PENDING_URL = '/api/admin/pending-applications';
export const PENDING_PAGE_SIZE = 20;
export const STATS_KEY = ['/api/admin/application-stats'] as const;

/** One page of the pending list (newest first); the URL is the query key, as the default read function expects. */
const pendingKey = (page: number) => [`${PENDING_URL}?page=${page}&pageSize=${PENDING_PAGE_SIZE}`] as const;
/** Every cached page of the pending list. */
const isPendingPage = (q: { queryKey: readonly unknown[] }) => String(q.queryKey[0]).startsWith(`${PENDING_URL}?`);

export function usePendingApplications(page: number) {
  return useQuery<Page<PendingApplication>>({ queryKey: pendingKey(page), placeholderData: (previous) => previous });
}

export function useApplicationStats() {
  return useQuery<ApplicationStats>({ queryKey: STATS_KEY });
}

function useRefreshApplications() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ predicate: isPendingPage }), client.invalidateQueries({ queryKey: STATS_KEY })]);
}

/** One checklist or risk change, shown at once (optimistic) and rolled back if the server refuses it. */
export function useUpdateApplication() {
  const client = useQueryClient();
  const refresh = useRefreshApplications();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: UpdateApplicationInput }) =>
      api.post<{ ok: true }>(`/api/admin/update-application/${encodeURIComponent(userId)}`, change),
    onMutate: async ({ userId, change }) => {
      await client.cancelQueries({ predicate: isPendingPage });
      const previous = client.getQueriesData<Page<PendingApplication>>({ predicate: isPendingPage });
      client.setQueriesData<Page<PendingApplication>>(
        { predicate: isPendingPage },
        (p) => p && { ...p, items: p.items.map((a) => (a.userId === userId ? { ...a, ...change } : a)) },
      );
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
