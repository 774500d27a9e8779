import type { PayoutRunStatus } from '../../../../common/schemas/payouts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { RUN_STATUS } from '../lib/payout-format.ts';

/** A payout run's status as a pill: Draft, Approved, Paid or Cancelled. */
export function RunStatusBadge({ status }: { status: PayoutRunStatus }) {
  const s = RUN_STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}
