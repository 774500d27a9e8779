import { Activity, Percent, PoundSterling, Scale, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/utils.ts';

export interface PipelineMetric {
  key: string;
  label: string;
  value: ReactNode;
  note: string;
  icon: LucideIcon;
  tone: string;
}

export const METRIC_ICONS = {
  total: { icon: PoundSterling, tone: 'bg-primary-soft text-primary' },
  weighted: { icon: Scale, tone: 'bg-warning-soft text-warning' },
  active: { icon: Activity, tone: 'bg-secondary text-secondary-foreground' },
  conversion: { icon: Percent, tone: 'bg-success-soft text-success' },
} as const;

/** The four metric cards above the board. */
export function PipelineMetrics({ metrics, loading }: { metrics: PipelineMetric[]; loading: boolean }) {
  return (
    <ul aria-label="Pipeline metrics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {metrics.map(({ key, label, value, note, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="flex h-full flex-col gap-2 p-4 sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-[13px] font-medium text-muted-foreground">{label}</p>
              <span className={cn('hidden size-8 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
                <Icon className="size-4" aria-hidden />
              </span>
            </div>
            {loading ? <Skeleton className="h-7 w-24" /> : <p className="text-xl font-semibold tabular-nums tracking-tight sm:text-2xl">{value}</p>}
            <p className="text-xs leading-snug text-muted-foreground">{note}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
