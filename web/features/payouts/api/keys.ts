import type { PayoutLineState } from '../../../../common/schemas/payouts.ts';
import type { PagePosition } from '../../../lib/paging.ts';

/** A page of a list read in key order, as asked: its number and size, and the cursor that found it (if any). */
export type PageAsked = PagePosition & { pageSize: number };

/** A page's part of a query key in one canonical form, so the same page is one cache entry however it was asked for. */
const pageKey = ({ page, pageSize, after, before }: PageAsked) => ({ page, pageSize, after: after ?? null, before: before ?? null });

/**
 * The query keys of payouts (first element: the endpoint's path). A run and its lines sit under the runs' path with
 * the run's id as a parameter, so refreshing `runsAll` refreshes the list, every run on screen and their lines
 * (whatever changed one run, a draft's claims or a commission it held, can change the others' totals).
 */
export const payoutKeys = {
  runsAll: ['/api/admin/payout-runs'] as const,
  runs: (p: PageAsked) => ['/api/admin/payout-runs', pageKey(p)] as const,
  run: (id: string) => ['/api/admin/payout-runs', { run: id }] as const,
  lines: (id: string, state: PayoutLineState, p: PageAsked) => ['/api/admin/payout-runs', { run: id, lines: state, ...pageKey(p) }] as const,
  settings: ['/api/admin/payout-settings'] as const,
  /** The partner's own payouts, every page. */
  mineAll: ['/api/payouts'] as const,
  mine: (p: PageAsked) => ['/api/payouts', pageKey(p)] as const,
  earningsStatements: ['/api/earnings-statements'] as const,
  /** The partner's own payout details (masked), as Profile Settings shows them too. */
  details: ['/api/payout-details'] as const,
};
