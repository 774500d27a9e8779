import { Activity, Trophy } from 'lucide-react';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime, formatGBP } from '../../../lib/format.ts';
import { useAdminOverview } from '../api/admin.ts';

function RowsSkeleton() {
  return (
    <ul className="grid gap-4" aria-hidden>
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-36" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="h-4 w-16" />
        </li>
      ))}
    </ul>
  );
}

/** Above the Admin Panel tabs: the five partners with most referrals and the five latest lead activities. */
export function AdminOverview() {
  const overview = useAdminOverview();
  const loading = overview.isLoading;

  return (
    <div className="mb-6 grid grid-cols-1 gap-4 sm:mb-8 lg:grid-cols-2">
      <Card aria-labelledby="overview-partners" role="region">
        <CardHeader>
          <CardTitle id="overview-partners" className="flex items-center gap-2 text-base">
            <Trophy className="size-4 text-primary" aria-hidden /> Partner overview
          </CardTitle>
          <CardDescription>The five partners with the most referrals.</CardDescription>
        </CardHeader>
        <CardContent aria-busy={loading || undefined}>
          <QueryState
            query={overview}
            what="the partner overview"
            loading={<RowsSkeleton />}
            isEmpty={(o) => !o.partners.length}
            empty={<EmptyState title="No partners yet" text="Approved partners and their referrals will appear here." />}
          >
            {({ partners }) => (
              <ol className="grid gap-1">
                {partners.map((p, i) => (
                  <li key={p.id} className="flex items-center gap-3 rounded-lg px-1 py-2">
                    <span className="w-4 shrink-0 text-right text-xs font-semibold tabular-nums text-muted-foreground">{i + 1}</span>
                    <UserAvatar person={p} className="size-9" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">
                        {p.firstName} {p.lastName}
                      </p>
                      <p className="truncate text-xs text-muted-foreground">{p.company || 'No company given'}</p>
                    </div>
                    <div className="shrink-0 text-right">
                      <p className="text-sm font-semibold tabular-nums">{formatGBP(p.totalCommission, 2)}</p>
                      <p className="text-xs tabular-nums text-muted-foreground">
                        {p.totalLeads} {p.totalLeads === 1 ? 'lead' : 'leads'} · {p.successfulLeads} won
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </QueryState>
        </CardContent>
      </Card>

      <Card aria-labelledby="overview-activity" role="region">
        <CardHeader>
          <CardTitle id="overview-activity" className="flex items-center gap-2 text-base">
            <Activity className="size-4 text-primary" aria-hidden /> Recent activity
          </CardTitle>
          <CardDescription>The five latest changes to leads.</CardDescription>
        </CardHeader>
        <CardContent aria-busy={loading || undefined}>
          <QueryState
            query={overview}
            what="recent activity"
            loading={<RowsSkeleton />}
            isEmpty={(o) => !o.recentActivity.length}
            empty={<EmptyState title="No activity yet" text="Lead submissions and status changes will appear here." />}
          >
            {({ recentActivity }) => (
              <ol className="relative grid gap-4 before:absolute before:bottom-2 before:left-[7px] before:top-2 before:w-px before:bg-border">
                {recentActivity.map((a) => (
                  <li key={a.id} className="relative flex gap-3 pl-7">
                    <span aria-hidden className="absolute left-0 top-1 size-[15px] rounded-full border-2 border-card bg-primary/70 ring-1 ring-border" />
                    <div className="min-w-0">
                      <p className="text-sm">
                        <span className="font-medium">{a.companyName}</span>
                        <span className="text-muted-foreground"> · </span>
                        {a.activity}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {a.userName ? `${a.userName} · ` : ''}
                        <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
