import { CalendarClock, CircleCheck, Clock, Wallet } from 'lucide-react';
import { StatGrid, type Stat } from '../../../components/stat-card.tsx';
import { formatGBP } from '../../../lib/format.ts';
import type { CommissionSummary } from '../api/commissions.ts';

/** The four cards and what each says, with its amount (GBP, 2 decimals) once the summary is in. */
function cards(s: CommissionSummary | undefined): Stat[] {
  const gbp = (amount: string | undefined) => (amount === undefined ? undefined : formatGBP(amount, 2));
  return [
    { key: 'totalEarned', label: 'Total Earned', note: 'Paid and pending, all time', icon: Wallet, tone: 'bg-primary-soft text-primary', value: gbp(s?.totalEarned) },
    { key: 'pendingAmount', label: 'Pending', note: 'Due at the next payment run', icon: Clock, tone: 'bg-warning-soft text-warning', value: gbp(s?.pendingAmount) },
    { key: 'paidAmount', label: 'Paid', note: 'Already transferred to you', icon: CircleCheck, tone: 'bg-success-soft text-success', value: gbp(s?.paidAmount) },
    {
      key: 'thisMonthCommission',
      label: 'This Month',
      note: 'From deals closed and time approved this month',
      icon: CalendarClock,
      tone: 'bg-secondary text-secondary-foreground',
      value: gbp(s?.thisMonthCommission),
    },
  ];
}

/** The four summary cards: total earned, pending, paid, this month (GBP, 2 decimals). */
export function SummaryCards({ summary, loading }: { summary?: CommissionSummary; loading: boolean }) {
  return <StatGrid label="Commission summary" stats={cards(summary)} loading={loading || !summary} />;
}
