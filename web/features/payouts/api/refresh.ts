import type { Refreshes } from '../../../lib/changes.ts';
import { payoutKeys } from './keys.ts';

/**
 * Payout runs and the partner's payouts follow every payout act (a run drafted, approved, cancelled or paid, the
 * minimum changed, payout details saved) and every commission change: a commission cancelled leaves a draft run,
 * and one paid, or a "commission paid" notice arriving, changes the partner's payouts and yearly statements.
 */
export const payoutRefreshes = {
  payouts: [payoutKeys.runsAll, payoutKeys.settings, payoutKeys.mineAll, payoutKeys.earningsStatements, payoutKeys.details],
  commission: [payoutKeys.runsAll, payoutKeys.mineAll, payoutKeys.earningsStatements],
} satisfies Refreshes;
