import { CheckCheck, Eye, EyeOff, ExternalLink, Flag, RefreshCw, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { REPORT_STATUS_LABELS, type Report, type ReportAction, type ReportStatus } from '../../../../common/schemas/moderation.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { cn } from '../../../lib/utils.ts';
import { useReportAction, useReports, type ReportFilter } from '../api/moderation.ts';

const PAGE_SIZE = 20;

const FILTERS: { value: ReportFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const STATUS_TONE: Record<ReportStatus, 'warning' | 'destructive' | 'success' | 'secondary'> = {
  open: 'warning',
  hidden: 'destructive',
  restored: 'success',
  dismissed: 'secondary',
};

/** What each action's confirmation says, and its button. */
function confirmation(r: Report, action: ReportAction) {
  const what = r.targetType === 'post' ? 'post' : 'comment';
  if (action === 'hide')
    return {
      title: `Hide this ${what}?`,
      description: `It disappears for every member but its author (${r.author.name}), who sees it marked “Hidden by a moderator” and is told. You can restore it later.`,
      label: 'Hide',
      icon: EyeOff,
      destructive: true,
    };
  if (action === 'restore')
    return {
      title: `Restore this ${what}?`,
      description: `It shows to the community again, and ${r.author.name} is told.`,
      label: 'Restore',
      icon: Eye,
      destructive: false,
    };
  return {
    title: 'Dismiss this report?',
    description: `The report is closed and the ${what} stays as it is. A new report from a member opens it again.`,
    label: 'Dismiss',
    icon: X,
    destructive: false,
  };
}

const names = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** One reported post or comment: what it says, who wrote it, who reported it and why, and what may be done now. */
function ReportItem({ report: r }: { report: Report }) {
  const [asking, setAsking] = useState<ReportAction | null>(null);
  const act = useReportAction();
  const ask = asking ? confirmation(r, asking) : null;
  const what = r.targetType === 'post' ? 'Post' : 'Comment';
  const authorName = r.author.name.split(' ');
  const headingId = `report-${r.id}`;

  return (
    <li>
      <article aria-labelledby={headingId} className={cn('grid gap-3 rounded-lg border border-border bg-card p-4', r.status === 'open' && 'border-warning/50')}>
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
          <Badge variant={STATUS_TONE[r.status]}>{REPORT_STATUS_LABELS[r.status]}</Badge>
          {r.hidden && r.status !== 'hidden' && <Badge variant="destructive">Hidden</Badge>}
          <h3 id={headingId} className="min-w-0 text-sm font-semibold">
            {what} {r.targetType === 'comment' ? 'on' : ''} “{r.postTitle}”
          </h3>
          <span className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
            <Flag className="size-3.5" aria-hidden /> {names(r.reportersCount, 'report')}
          </span>
        </header>

        <div className="flex items-start gap-2.5">
          <UserAvatar
            person={{ firstName: authorName[0] ?? '', lastName: authorName.slice(1).join(' '), profilePicture: r.author.picture }}
            pictureSize={64}
            className="size-7 shrink-0"
          />
          <div className="min-w-0 flex-1">
            <p className="text-[13px] text-muted-foreground">
              By <span className="font-medium text-foreground">{r.author.name}</span>
            </p>
            <blockquote className="mt-1 line-clamp-5 whitespace-pre-wrap break-words rounded-md border-l-2 border-border bg-muted/50 px-3 py-2 text-sm">
              {r.excerpt}
            </blockquote>
          </div>
        </div>

        <div>
          <p className="text-[13px] font-medium">Reasons</p>
          <ul className="mt-1 grid gap-1.5" aria-label={`Reasons given for the ${what.toLowerCase()} on “${r.postTitle}”`}>
            {r.reasons.map((reason, i) => (
              <li key={i} className="text-sm">
                <span className="break-words">{reason.reason}</span>{' '}
                <span className="text-xs text-muted-foreground">
                  — {reason.reporterName}, <time dateTime={reason.createdAt}>{formatDateTime(reason.createdAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        </div>

        <footer className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
          <Button asChild variant="link" size="sm" className="h-8 px-0">
            <Link to={`/community?post=${encodeURIComponent(r.postId)}`}>
              <ExternalLink aria-hidden /> Open the post
            </Link>
          </Button>
          {r.resolvedAt && r.resolvedBy && (
            <span className="text-xs text-muted-foreground">
              {REPORT_STATUS_LABELS[r.status]} by {r.resolvedBy.name}, {formatDateTime(r.resolvedAt)}
            </span>
          )}
          <div className="ml-auto flex flex-wrap gap-2">
            {r.can.dismiss && (
              <Button variant="outline" size="sm" onClick={() => setAsking('dismiss')} aria-label={`Dismiss the report of the ${what.toLowerCase()} by ${r.author.name}`}>
                <X aria-hidden /> Dismiss
              </Button>
            )}
            {r.can.restore && (
              <Button variant="outline" size="sm" onClick={() => setAsking('restore')} aria-label={`Restore the ${what.toLowerCase()} by ${r.author.name}`}>
                <Eye aria-hidden /> Restore
              </Button>
            )}
            {r.can.hide && (
              <Button variant="destructive" size="sm" onClick={() => setAsking('hide')} aria-label={`Hide the ${what.toLowerCase()} by ${r.author.name}`}>
                <EyeOff aria-hidden /> Hide
              </Button>
            )}
          </div>
        </footer>
      </article>
      {ask && asking && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setAsking(null)}
          title={ask.title}
          description={ask.description}
          destructive={ask.destructive}
          pending={act.isPending}
          confirm={
            <>
              {act.isPending ? <Spinner className="size-4" label="Working" /> : <ask.icon aria-hidden />}
              {ask.label}
            </>
          }
          onConfirm={() => act.mutate({ report: r, action: asking }, { onSettled: () => setAsking(null) })}
        />
      )}
    </li>
  );
}

/**
 * Admin Panel → Moderation: the posts and comments members reported, open reports first, each with its words, its
 * author, how many reported it and their reasons; Hide, Restore and Dismiss after a confirmation. Read when the tab
 * is opened; "Nothing to review" when no report waits.
 */
export function ModerationPanel({ active }: { active: boolean }) {
  const [filter, setFilter] = useState<ReportFilter>('all');
  const [position, turnTo] = usePositionFor(filter);
  const reports = useReports(filter, { ...position, pageSize: PAGE_SIZE }, active);
  const setPage = (target: number) => turnTo(target, reports.isPlaceholderData ? undefined : reports.data);
  const open = reports.data?.openCount;

  return (
    <Card>
      <CardHeader className="flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Moderation</CardTitle>
          <CardDescription>
            Posts and comments members reported, open reports first.
            {open !== undefined && ` ${open === 0 ? 'No report is waiting.' : `${names(open, 'report')} waiting.`}`}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Show reports" className="inline-flex rounded-lg border border-border bg-card p-0.5 shadow-xs">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
                className={cn(
                  'h-7 cursor-pointer rounded-md px-3 text-[13px] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                  filter === f.value ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-accent',
                )}
              >
                {f.label}
              </button>
            ))}
          </div>
          <Button variant="outline" size="sm" onClick={() => void reports.refetch()} disabled={reports.isFetching}>
            <RefreshCw className={reports.isFetching ? 'animate-spin' : undefined} aria-hidden /> Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <QueryState
          query={reports}
          what="the reports"
          loading={<SkeletonRows count={3} rowClassName="h-40 w-full" className="gap-3" label="Loading reports" />}
          error={(retry) => <LoadErrorNotice boxed what="the reports" error={reports.error} onRetry={retry} />}
          isEmpty={(p) => p.items.length === 0}
          empty={
            <EmptyState
              framed
              icon={filter === 'closed' ? CheckCheck : ShieldCheck}
              title={filter === 'closed' ? 'No closed reports yet' : 'Nothing to review'}
              text={filter === 'closed' ? 'Reports you hide, restore or dismiss are kept here.' : 'When members report a post or a comment, it appears here.'}
            />
          }
        >
          {(page) => (
            <div className="grid gap-4" aria-busy={reports.isFetching || undefined}>
              {filter !== 'closed' && page.openCount === 0 && page.page === 1 && (
                <p className="flex items-center gap-2 rounded-lg bg-success-soft px-3 py-2 text-sm font-medium text-success">
                  <ShieldCheck className="size-4" aria-hidden /> Nothing to review: every report has been dealt with.
                </p>
              )}
              <ul className="grid gap-3" aria-label="Reports">
                {page.items.map((r) => (
                  <ReportItem key={r.id} report={r} />
                ))}
              </ul>
              <Pager
                label="Report pages"
                page={position.page}
                hasNext={page.nextCursor ? true : page.nextCursor === null ? false : page.page * page.pageSize < page.total}
                onPage={setPage}
                busy={reports.isFetching}
                summary={`${names(page.total, 'report')}`}
              />
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
