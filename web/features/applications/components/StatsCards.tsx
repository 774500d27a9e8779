import { CircleCheck, Clock, Flag, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/utils.ts';
import type { ApplicationStats } from '../api/applications.ts';

const CARDS: { key: keyof ApplicationStats; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'pending', label: 'Pending', icon: Clock, tone: 'bg-primary-soft text-primary' },
  { key: 'highRisk', label: 'High Risk', icon: TriangleAlert, tone: 'bg-destructive-soft text-destructive' },
  { key: 'competitorFlags', label: 'Competitor Flags', icon: Flag, tone: 'bg-warning-soft text-warning' },
  { key: 'readyToApprove', label: 'Ready to Approve', icon: CircleCheck, tone: 'bg-success-soft text-success' },
];

/** The four summary cards of the review screen. */
export function StatsCards({ stats, loading }: { stats?: ApplicationStats; loading: boolean }) {
  return (
    <ul aria-label="Application summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="flex h-full items-center gap-3 p-4 sm:gap-4 sm:p-5">
            <span className={cn('hidden size-11 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-[13px] font-medium text-muted-foreground">{label}</p>
              {loading || !stats ? <Skeleton className="mt-1.5 h-7 w-10" /> : <p className="text-2xl font-semibold tabular-nums tracking-tight">{stats[key]}</p>}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
