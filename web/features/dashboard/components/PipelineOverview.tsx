import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStats } from '../../../../common/schemas/dashboard.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import { LoadErrorBanner } from '../../../components/load-error.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/utils.ts';

type Key = keyof DashboardStats['pipeline'];

const STAGES: { key: Key; label: string; dot: string }[] = [
  { key: 'submitted', label: STATUS_LABELS.submitted, dot: 'bg-muted-foreground/40' },
  { key: 'reviewing', label: STATUS_LABELS.reviewing, dot: 'bg-ring/60' },
  { key: 'qualified', label: STATUS_LABELS.qualified, dot: 'bg-primary' },
  { key: 'inProgress', label: STATUS_LABELS['in-progress'], dot: 'bg-warning' },
  { key: 'closed', label: STATUS_LABELS['closed-won'], dot: 'bg-success' },
];

/** Pipeline Overview: how many of the member's leads sit in each stage (closed lost is not shown). */
export function PipelineOverview({ stats, isLoading, error, onRetry }: { stats?: DashboardStats; isLoading: boolean; error: unknown; onRetry: () => void }) {
  return (
    <section aria-labelledby="pipeline-heading">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="pipeline-heading" className="text-base font-semibold">
          Pipeline Overview
        </h2>
        <Link
          to="/pipeline"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          View pipeline <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {error && !stats ? (
        <LoadErrorBanner what="your pipeline" error={error} onRetry={onRetry} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5" aria-busy={isLoading || undefined}>
          {STAGES.map(({ key, label, dot }, i) => (
            <li key={key} className={cn(i === STAGES.length - 1 && 'col-span-2 sm:col-span-1')}>
              <Card className="h-full p-4 shadow-none">
                <p className="flex items-center gap-2 text-[13px] font-medium text-muted-foreground">
                  <span aria-hidden className={cn('size-2 rounded-full', dot)} />
                  {label}
                </p>
                {isLoading || !stats ? (
                  <Skeleton className="mt-2 h-7 w-10" />
                ) : (
                  <p className="mt-1.5 text-2xl font-semibold tabular-nums tracking-tight">{stats.pipeline[key].toLocaleString('en-GB')}</p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
