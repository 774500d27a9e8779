import type { CommissionStatus } from '../../common/constants/leads.ts';
import { Badge } from './ui/badge.tsx';

/** How each commission status reads and looks, wherever commissions are listed. */
export const COMMISSION_STATUS: Record<CommissionStatus, { label: string; variant: 'success' | 'warning' | 'secondary' }> = {
  paid: { label: 'Paid', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

export function CommissionStatusBadge({ status }: { status: CommissionStatus }) {
  const s = COMMISSION_STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}
