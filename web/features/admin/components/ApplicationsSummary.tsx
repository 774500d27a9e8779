import { ArrowRight, CircleCheck, Clock, Flag, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/utils.ts';
import { PendingApplications } from '../../applications/index.ts';
import { useApplicationSummary } from '../api/admin.ts';

type Key = 'pending' | 'highRisk' | 'competitorFlags' | 'readyToApprove';
const FIGURES: { key: Key; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'pending', label: 'Pending', icon: Clock, tone: 'bg-primary-soft text-primary' },
  { key: 'highRisk', label: 'High Risk', icon: TriangleAlert, tone: 'bg-destructive-soft text-destructive' },
  { key: 'competitorFlags', label: 'Competitor Flags', icon: Flag, tone: 'bg-warning-soft text-warning' },
  { key: 'readyToApprove', label: 'Ready to Approve', icon: CircleCheck, tone: 'bg-success-soft text-success' },
];

/** Member Applications tab: the review summary, then the pending applications themselves, reviewed right here. */
export function ApplicationsSummary() {
  const stats = useApplicationSummary();
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Member Applications</CardTitle>
            <CardDescription>Verify new applicants, record your checks and approve or reject them.</CardDescription>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to="/admin/applications">
              Open review screen <ArrowRight aria-hidden />
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          {stats.isError && !stats.data ? (
            <LoadErrorNotice what="the application summary" error={stats.error} onRetry={() => void stats.refetch()} />
          ) : (
            <ul aria-label="Application summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {FIGURES.map(({ key, label, icon: Icon, tone }) => (
                <li key={key} className="flex items-center gap-3 rounded-lg border border-border p-3.5">
                  <span className={cn('hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <div className="min-w-0">
                    <p className="text-[13px] text-muted-foreground">{label}</p>
                    {stats.data ? <p className="text-xl font-semibold tabular-nums">{stats.data[key]}</p> : <Skeleton className="mt-1 h-6 w-8" />}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="admin-pending-heading">
        <h3 id="admin-pending-heading" className="mb-3 text-base font-semibold tracking-tight">
          Pending applications
        </h3>
        <PendingApplications headingId="admin-pending-heading" />
      </section>
    </div>
  );
}
