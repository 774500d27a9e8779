import type { Refreshes } from '../../../lib/changes.ts';
import { commissionKeys } from './keys.ts';

/** The member's commission tracker: a lead moved (a win earns one), a commission earned on approved time or paid out. */
export const commissionRefreshes = {
  lead: [commissionKeys.summary, commissionKeys.historyAll],
  commission: [commissionKeys.summary, commissionKeys.historyAll],
} satisfies Refreshes;
