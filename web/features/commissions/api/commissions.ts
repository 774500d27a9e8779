import { useQuery } from '@tanstack/react-query';
import type { CommissionPage, CommissionSummary } from '../../../../common/schemas/commission.ts';
import { api } from '../../../lib/api.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { commissionKeys } from './keys.ts';

export type { CommissionSummary } from '../../../../common/schemas/commission.ts';

const HISTORY_PAGE_SIZE = 20;

/** The member's commission totals, this month's tier and performance figures (money as exact decimal strings). */
export function useCommissionSummary() {
  return useQuery<CommissionSummary>({ queryKey: commissionKeys.summary });
}

/** One page of the member's commissions, newest first (found by number or by cursor), whether there is a next page, and its cursors. */
export function useCommissionHistory(position: PagePosition) {
  return useQuery({
    queryKey: commissionKeys.history(position),
    queryFn: async () => {
      const res = await api.get<CommissionPage>(withQuery('/api/commissions', { ...position, pageSize: HISTORY_PAGE_SIZE }));
      return { items: res.items, hasNext: res.page * res.pageSize < res.total, total: res.total, page: res.page, nextCursor: res.nextCursor, prevCursor: res.prevCursor };
    },
    placeholderData: (previous) => previous,
  });
}
