import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RejectionReason } from '../../../../common/constants/options.ts';
import type { PendingApplication, UpdateApplicationInput } from '../../../../common/schemas/applications.ts';
import type { z } from 'zod';
import type { applicationStatsSchema } from '../../../../common/schemas/applications.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

export type ApplicationStats = z.infer<typeof applicationStatsSchema>;

export const PENDING_KEY = ['/api/admin/pending-applications'] as const;
export const STATS_KEY = ['/api/admin/application-stats'] as const;

export function usePendingApplications() {
  return useQuery<PendingApplication[]>({ queryKey: PENDING_KEY });
}

export function useApplicationStats() {
  return useQuery<ApplicationStats>({ queryKey: STATS_KEY });
}

function useRefreshApplications() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: PENDING_KEY }), client.invalidateQueries({ queryKey: STATS_KEY })]);
}

/** One checklist or risk change, shown at once (optimistic) and rolled back if the server refuses it. */
export function useUpdateApplication() {
  const client = useQueryClient();
  const refresh = useRefreshApplications();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: UpdateApplicationInput }) =>
      api.post<{ ok: true }>(`/api/admin/update-application/${encodeURIComponent(userId)}`, change),
    onMutate: async ({ userId, change }) => {
      await client.cancelQueries({ queryKey: PENDING_KEY });
      const previous = client.getQueryData<PendingApplication[]>(PENDING_KEY);
      client.setQueryData<PendingApplication[]>(PENDING_KEY, (list) => list?.map((a) => (a.userId === userId ? { ...a, ...change } : a)));
      return { previous };
    },
    onError: (err, _vars, context) => {
      if (context?.previous) client.setQueryData(PENDING_KEY, context.previous);
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
