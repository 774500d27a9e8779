import { CircleCheck, Cog, RefreshCw, RotateCcw } from 'lucide-react';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useJobs, useRetryJob, type FailedJob, type JobQueueCounts } from '../api/jobs.ts';

/** What the product's own queues do, in words; a queue not named here shows its name only. */
const QUEUE_PURPOSES: Record<string, string> = {
  housekeeping: 'Hourly: expired sessions, old sign-in failures and old e-mails',
  'timesheets.remind': "Every five minutes: Friday's timesheet reminders",
  'notifications.sweep': 'Every minute: notification e-mails and the daily digest',
  'data-export.build': "Builds a member's data export",
  'payout-run.statements': 'E-mails the statements of a paid payout run',
  'webhook.deliver': 'Delivers events to the webhook endpoints that subscribe to them',
  'import.invite': 'Invites an imported member to choose their password',
  'data-export.sweep': 'Hourly: deletes expired export files, gives up on lost exports',
};

/** The counts in the table's order, with their headings. */
const COUNTS: ReadonlyArray<{ key: keyof Omit<JobQueueCounts, 'name'>; label: string }> = [
  { key: 'queued', label: 'Waiting' },
  { key: 'active', label: 'Running' },
  { key: 'retry', label: 'To retry' },
  { key: 'failed', label: 'Failed' },
  { key: 'completed', label: 'Completed' },
];

function QueueName({ queue }: { queue: JobQueueCounts }) {
  const purpose = QUEUE_PURPOSES[queue.name];
  return (
    <span className="grid gap-0.5">
      <span className="break-all font-mono text-[13px] font-medium">{queue.name}</span>
      {purpose && <span className="text-xs text-muted-foreground">{purpose}</span>}
    </span>
  );
}

/** A count, quiet at zero; failed jobs stand out. */
function Count({ value, failed }: { value: number; failed?: boolean }) {
  if (failed && value > 0) return <Badge variant="destructive">{value}</Badge>;
  return <span className={cn('tabular-nums', value === 0 && 'text-muted-foreground')}>{value}</span>;
}

function QueueTable({ queues }: { queues: readonly JobQueueCounts[] }) {
  return (
    <ResponsiveTable
      rows={queues}
      rowKey={(q) => q.name}
      caption="Queues of background work and their jobs"
      columns={[
        { key: 'name', header: 'Queue', cell: (q) => <QueueName queue={q} />, className: 'min-w-56' },
        ...COUNTS.map(({ key, label }) => ({
          key,
          header: label,
          cell: (q: JobQueueCounts) => <Count value={q[key]} failed={key === 'failed'} />,
          className: 'w-24 text-right',
        })),
      ]}
      card={(q) => (
        <div className="grid gap-2">
          <QueueName queue={q} />
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {COUNTS.map(({ key, label }) => (
              <div key={key} className="flex items-baseline gap-1.5">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd>
                  <Count value={q[key]} failed={key === 'failed'} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    />
  );
}

function RetryButton({ job, onRetry, busy }: { job: FailedJob; onRetry: (job: FailedJob) => void; busy: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onRetry(job)} disabled={busy} aria-label={`Retry the ${job.name} job that failed ${formatDateTime(job.failedAt)}`}>
      <RotateCcw aria-hidden /> Retry
    </Button>
  );
}

const attempts = (j: FailedJob) => (j.attempts === 1 ? '1 attempt' : `${j.attempts} attempts`);

function FailedJobs({ jobs, onRetry, busy }: { jobs: readonly FailedJob[]; onRetry: (job: FailedJob) => void; busy: boolean }) {
  if (!jobs.length)
    return (
      <EmptyState
        framed
        icon={CircleCheck}
        title="No failed jobs"
        text="Jobs that fail after all their tries appear here, with their error, to retry."
        className="py-8"
      />
    );
  return (
    <ResponsiveTable
      rows={jobs}
      rowKey={(j) => j.id}
      caption="Failed jobs, newest first"
      tableFrom="xl"
      rowClassName="align-top"
      columns={[
        { key: 'name', header: 'Job', cell: (j) => <span className="break-all font-mono text-[13px]">{j.name}</span>, className: 'min-w-40' },
        { key: 'error', header: 'Error', cell: (j) => <span className="break-words text-destructive">{j.error}</span>, className: 'min-w-64' },
        { key: 'attempts', header: 'Attempts', cell: (j) => <span className="tabular-nums">{j.attempts}</span>, className: 'w-24 text-right' },
        { key: 'failed', header: 'Failed', cell: (j) => formatDateTime(j.failedAt), className: 'whitespace-nowrap' },
        { key: 'action', header: <span className="sr-only">Actions</span>, cell: (j) => <RetryButton job={j} onRetry={onRetry} busy={busy} />, className: 'text-right' },
      ]}
      card={(j) => (
        <div className="grid gap-2">
          <span className="break-all font-mono text-[13px] font-medium">{j.name}</span>
          <p className="break-words text-sm text-destructive">{j.error}</p>
          <p className="text-xs text-muted-foreground">
            Failed {formatDateTime(j.failedAt)} · {attempts(j)}
          </p>
          <div>
            <RetryButton job={j} onRetry={onRetry} busy={busy} />
          </div>
        </div>
      )}
    />
  );
}

/**
 * Admin Panel → System → Background jobs: every queue with how many of its jobs wait, run, wait to retry, failed
 * and completed, then the failed jobs with their error; an administrator puts a failed job back in its queue.
 */
export function JobsPanel({ active }: { active: boolean }) {
  const jobs = useJobs(active);
  const retry = useRetryJob();
  const onRetry = (job: FailedJob) =>
    retry.mutate(job, {
      onSuccess: () => toast({ variant: 'success', title: 'Job queued again', description: `The ${job.name} job will run again shortly.` }),
      onError: (err) => toast({ variant: 'destructive', title: 'Could not retry the job', description: errorDetail(err, 'Please try again.') }),
    });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Background jobs</CardTitle>
          <CardDescription>Work the platform does outside requests. A failed job has used all its tries; retry it once its cause is fixed.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
          <RefreshCw className={jobs.isFetching ? 'animate-spin' : undefined} aria-hidden /> Refresh
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState
          query={jobs}
          what="the background jobs"
          loading={<SkeletonRows count={4} rowClassName="h-10 w-full" label="Loading background jobs" />}
          error={() => <LoadErrorNotice what="the background jobs" error={jobs.error} />}
          isEmpty={(o) => !o.queues.length && !o.failed.length}
          empty={<EmptyState framed icon={Cog} title="No background work yet" text="Queues appear here once the platform has started its work." />}
        >
          {(o) => (
            <>
              <section aria-labelledby="job-queues-heading" className="grid gap-3">
                <h3 id="job-queues-heading" className="text-sm font-semibold">
                  Queues
                </h3>
                <QueueTable queues={o.queues} />
              </section>
              <section aria-labelledby="failed-jobs-heading" className="grid gap-3">
                <h3 id="failed-jobs-heading" className="text-sm font-semibold">
                  Failed jobs{o.failed.length ? ` (${o.failed.length})` : ''}
                </h3>
                <FailedJobs jobs={o.failed} onRetry={onRetry} busy={retry.isPending} />
              </section>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
