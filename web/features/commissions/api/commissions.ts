import { useQuery } from '@tanstack/react-query';
import type { Commission } from '../../../../common/schemas/lead.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { commissionKeys } from './keys.ts';

/** GET /api/commissions/summary (pounds as numbers). */
export interface CommissionSummary {
  totalEarned: number;
  pendingAmount: number;
  paidAmount: number;
  thisMonthCommission: number;
  commissionChange: number;
  closedWonValueThisMonth: number;
  tier: { label: string; percent: number; nextPercent: number | null; toNext: number | null };
  avgDaysToClose: number | null;
  winRate: number | null;
  avgDealSize: number;
  leadsThisMonth: number;
  closesThisMonth: number;
}

const HISTORY_PAGE_SIZE = 20;

/** The member's commission totals, this month's tier and performance figures. */
export function useCommissionSummary() {
  return useQuery<CommissionSummary>({ queryKey: commissionKeys.summary });
}

/**
 * One page of the member's commissions, newest first. The API has no total, so one row more than a page is asked
 * for: its presence says there is a next page.
 */
export function useCommissionHistory(page: number) {
  return useQuery({
    queryKey: commissionKeys.history(page),
    queryFn: async () => {
      const rows = await api.get<Commission[]>(withQuery('/api/commissions', { limit: HISTORY_PAGE_SIZE + 1, offset: (page - 1) * HISTORY_PAGE_SIZE }));
      return { items: rows.slice(0, HISTORY_PAGE_SIZE), hasNext: rows.length > HISTORY_PAGE_SIZE };
    },
    placeholderData: (previous) => previous,
  });
}
