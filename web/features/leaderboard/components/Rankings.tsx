import { ListOrdered, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { LeaderboardEntry, LeaderboardPage } from '../../../../common/schemas/gamification.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { pageCount, rangeText } from '../../../lib/paging.ts';
import { cn } from '../../../lib/utils.ts';
import { formatRate, RATE_TONE_CLASS, successRateTone } from '../lib/board.ts';
import { RankBadge } from './RankBadge.tsx';
import { personOf } from './TopThree.tsx';

function Rate({ rate }: { rate: number }) {
  return <span className={cn('font-semibold tabular-nums', RATE_TONE_CLASS[successRateTone(rate)])}>{formatRate(rate)}</span>;
}

function Partner({ e, isMe }: { e: LeaderboardEntry; isMe: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <UserAvatar person={personOf(e)} className="size-9" />
      <span className="min-w-0">
        <span className="flex items-center gap-1.5">
          <span className="truncate font-medium text-foreground">{e.name}</span>
          {isMe && <Badge variant="secondary">You</Badge>}
        </span>
        {e.company && <span className="block truncate text-xs text-muted-foreground">{e.company}</span>}
      </span>
    </span>
  );
}

function columns(meId?: string): Column<LeaderboardEntry>[] {
  return [
    { key: 'rank', header: 'Rank', className: 'w-16 text-center', cell: (e) => <RankBadge rank={e.rank} /> },
    { key: 'name', header: 'Partner', cellClassName: 'max-w-72', cell: (e) => <Partner e={e} isMe={e.id === meId} /> },
    {
      key: 'commission',
      header: 'Total commission',
      className: 'text-right',
      cellClassName: 'whitespace-nowrap font-semibold tabular-nums',
      cell: (e) => formatGBP(e.totalCommission),
    },
    {
      key: 'referrals',
      header: 'Successful / total referrals',
      className: 'text-right',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (e) => (
        <>
          <span className="font-medium">{e.successfulReferrals}</span>
          <span className="text-muted-foreground"> / {e.totalReferrals}</span>
        </>
      ),
    },
    { key: 'rate', header: 'Success rate', className: 'text-right', cell: (e) => <Rate rate={e.successRate} /> },
  ];
}

/** A ranking on a phone: rank and partner, then the three figures. */
function RankingCard({ e, isMe }: { e: LeaderboardEntry; isMe: boolean }) {
  return (
    // the member's own card is tinted edge to edge, like their row in the table
    <div className={cn(isMe && '-m-4 rounded-lg bg-primary-soft/70 p-4 shadow-[inset_3px_0_0_var(--color-primary)]')}>
      <div className="flex items-center gap-3">
        <RankBadge rank={e.rank} />
        <Partner e={e} isMe={isMe} />
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Commission</dt>
          <dd className="font-semibold tabular-nums">{formatGBP(e.totalCommission)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Won / total</dt>
          <dd className="tabular-nums">
            {e.successfulReferrals} / {e.totalReferrals}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Success rate</dt>
          <dd>
            <Rate rate={e.successRate} />
          </dd>
        </div>
      </dl>
    </div>
  );
}

type RankingsQuery = { data: LeaderboardPage | undefined; isError: boolean; error: unknown; refetch: () => unknown; isPlaceholderData: boolean };

/** The full rankings: commission, then deals won, then referrals; the signed-in member's row is highlighted. */
export function Rankings({
  query,
  page,
  onPage,
  meId,
  periodLabel,
}: {
  query: RankingsQuery;
  page: number;
  onPage: (p: number) => void;
  meId?: string;
  periodLabel: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListOrdered className="size-5 text-muted-foreground" aria-hidden /> Full Rankings
        </CardTitle>
        <CardDescription>{periodLabel}: ranked by total commission, then deals won, then referrals.</CardDescription>
        <p className="text-sm text-muted-foreground">Each row counts the leads referred in the period, how many of them were won and the commission they earned.</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={query}
          what="the rankings"
          framed
          loading={<SkeletonRows count={6} rowClassName="h-14 w-full" label="Loading the rankings" />}
          isEmpty={(d) => d.items.length === 0 && page === 1}
          empty={
            <EmptyState
              framed
              icon={ListOrdered}
              title="No rankings yet"
              text="Partners appear here once they refer a lead in this period."
              action={
                <Button asChild>
                  <Link to="/submit-lead">
                    <Send aria-hidden /> Submit a Lead
                  </Link>
                </Button>
              }
            />
          }
        >
          {(d) => (
            <>
              <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isPlaceholderData || undefined}>
                <ResponsiveTable
                  rows={d.items}
                  rowKey={(e) => e.id}
                  caption={`Partner rankings, ${periodLabel.toLowerCase()}`}
                  columns={columns(meId)}
                  card={(e) => <RankingCard e={e} isMe={e.id === meId} />}
                  headings="caps"
                  cellClassName="px-4"
                  tableClassName="min-w-[720px]"
                  rowClassName={(e) => (e.id === meId ? 'bg-primary-soft/70 shadow-[inset_3px_0_0_var(--color-primary)]' : 'bg-card hover:bg-accent/50')}
                />
              </div>
              <Pager
                label="Rankings pages"
                page={page}
                hasNext={d.page * d.pageSize < d.total}
                onPage={onPage}
                busy={query.isPlaceholderData}
                summary={rangeText(d.page, d.pageSize, d.items.length, d.total)}
                position
                pageCount={pageCount(d.total, d.pageSize)}
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
