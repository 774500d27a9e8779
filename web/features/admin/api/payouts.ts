import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCommissionPage, CommissionPaid } from '../../../../common/schemas/commission.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, type CommissionFilter } from './keys.ts';

/** Where "Download CSV" points for these filters. */
export function commissionsCsvUrl({ month, status }: CommissionFilter): string {
  return withQuery('/api/admin/commissions.csv', { month, status });
}

/** The payout run pays the longest owed first: unpaid commissions are listed oldest first, any other view newest first. */
export const payoutOrder = (status: CommissionFilter['status']) => (status === 'pending' ? 'oldest' : 'newest');

/** One page of commissions for the payout run, with what is owed across every month; found by number or by cursor. */
export function useAdminCommissions(filter: CommissionFilter, position: PagePosition, pageSize: number) {
  const { month, status } = filter;
  const order = payoutOrder(status);
  return useQuery({
    queryKey: adminKeys.commissions({ month, status, order, ...position, pageSize }),
    queryFn: () => api.get<AdminCommissionPage>(withQuery('/api/admin/commissions', { month, status, order, ...position, pageSize })),
    placeholderData: keepPreviousData,
  });
}

/** Mark one pending commission paid: 'Commission marked as paid', or the server's reason when it was not pending. */
export function usePayCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; partnerName: string }) => api.post<CommissionPaid>(`/api/admin/commissions/${encodeURIComponent(id)}/pay`),
    onSuccess: (_d, { partnerName }) =>
      toast({ variant: 'success', title: 'Commission marked as paid', description: `${partnerName}'s commission is recorded as paid.` }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: err instanceof ApiError && err.status === 409 && err.detail ? err.detail : 'Failed to mark the commission as paid. Please try again.',
      }),
    // a commission paid changes the payouts list, the audit log, the partner's totals, the overview and the tracker
    onSettled: () => changed(client, 'commission'),
  });
}
