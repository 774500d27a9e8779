import { CalendarClock, CircleCheck, Clock, Wallet, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import type { CommissionSummary } from '../api/commissions.ts';

const CARDS: { key: keyof CommissionSummary; label: string; note: string; icon: LucideIcon; tone: string }[] = [
  { key: 'totalEarned', label: 'Total Earned', note: 'Paid and pending, all time', icon: Wallet, tone: 'bg-primary-soft text-primary' },
  { key: 'pendingAmount', label: 'Pending', note: 'Due at the next payment run', icon: Clock, tone: 'bg-warning-soft text-warning' },
  { key: 'paidAmount', label: 'Paid', note: 'Already transferred to you', icon: CircleCheck, tone: 'bg-success-soft text-success' },
  { key: 'thisMonthCommission', label: 'This Month', note: 'From leads closed this month', icon: CalendarClock, tone: 'bg-secondary text-secondary-foreground' },
];

/** The four summary cards: total earned, pending, paid, this month (GBP, 2 decimals). */
export function SummaryCards({ summary, loading }: { summary?: CommissionSummary; loading: boolean }) {
  return (
    <ul aria-label="Commission summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, label, note, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="flex h-full flex-col gap-2 p-4 sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-[13px] font-medium text-muted-foreground">{label}</p>
              <span className={cn('hidden size-8 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
                <Icon className="size-4" aria-hidden />
              </span>
            </div>
            {loading || !summary ? (
              <Skeleton className="h-7 w-24" />
            ) : (
              <p className="text-xl font-semibold tabular-nums tracking-tight sm:text-2xl">{formatGBP(summary[key] as number, 2)}</p>
            )}
            <p className="text-xs leading-snug text-muted-foreground">{note}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
