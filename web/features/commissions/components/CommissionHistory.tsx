import { Send, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { LEAD_TYPE_LABELS, type LeadType } from '../../../../common/constants/leads.ts';
import type { Commission } from '../../../../common/schemas/commission.ts';
import { CommissionStatusBadge } from '../../../components/commission-status-badge.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { positionFor, type PagePosition } from '../../../lib/paging.ts';
import { cn } from '../../../lib/utils.ts';
import { useCommissionHistory } from '../api/commissions.ts';
import { earnedOn } from '../lib/earned-on.ts';

/** rate is a fraction as text ("0.2851"): a percent with one decimal. */
const ratePercent = (rate: string) => `${(Number(rate) * 100).toFixed(1)}%`;
const typeLabel = (t: string) => LEAD_TYPE_LABELS[t as LeadType] ?? t;
const DATE_CELL = 'whitespace-nowrap tabular-nums text-muted-foreground';

const COLUMNS: Column<Commission>[] = [
  {
    key: 'company',
    header: 'Company',
    cellClassName: 'max-w-64',
    cell: (c) => (
      <>
        <span className="block truncate font-medium text-foreground">{c.leadDetails.companyName}</span>
        <span className="block truncate text-xs text-muted-foreground">{earnedOn(c) ?? c.leadDetails.industry}</span>
      </>
    ),
  },
  { key: 'type', header: 'Lead type', cell: (c) => typeLabel(c.leadDetails.leadType) },
  {
    key: 'amount',
    header: 'Amount',
    className: 'text-right',
    cellClassName: 'whitespace-nowrap font-semibold tabular-nums',
    // a cancelled commission is struck through: it will not be paid
    cell: (c) => <span className={c.status === 'cancelled' ? 'line-through decoration-1' : undefined}>{formatGBP(c.amount, 2)}</span>,
  },
  { key: 'rate', header: 'Rate', className: 'text-right', cellClassName: 'tabular-nums', cell: (c) => ratePercent(c.rate) },
  { key: 'status', header: 'Status', cell: (c) => <CommissionStatusBadge status={c.status} /> },
  { key: 'created', header: 'Created', cellClassName: DATE_CELL, cell: (c) => formatDate(c.createdAt) },
  { key: 'paid', header: 'Paid', cellClassName: DATE_CELL, cell: (c) => formatDate(c.paidAt) },
];

/** A commission on a phone: company and status, then amount, rate and the two dates. */
function CommissionCard({ c }: { c: Commission }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{c.leadDetails.companyName}</p>
          <p className="truncate text-sm text-muted-foreground">
            {earnedOn(c) ?? c.leadDetails.industry} · {typeLabel(c.leadDetails.leadType)}
          </p>
        </div>
        <CommissionStatusBadge status={c.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Amount</dt>
          <dd className={cn('font-semibold tabular-nums', c.status === 'cancelled' && 'line-through')}>{formatGBP(c.amount, 2)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Rate</dt>
          <dd className="tabular-nums">{ratePercent(c.rate)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Created</dt>
          <dd className="tabular-nums">{formatDate(c.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Paid</dt>
          <dd className="tabular-nums">{formatDate(c.paidAt)}</dd>
        </div>
      </dl>
    </>
  );
}

/** The history table (rate 1 decimal, amounts 2 decimals, status, created, paid, company, industry, lead type). */
export function CommissionHistory({ position, onPosition }: { position: PagePosition; onPosition: (p: PagePosition) => void }) {
  const { page } = position;
  const history = useCommissionHistory(position);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const onPage = (target: number) => onPosition(positionFor(target, history.isPlaceholderData ? undefined : history.data));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet className="size-5 text-muted-foreground" aria-hidden /> Commission history
        </CardTitle>
        <CardDescription>One row per closed-won lead and per approved week of placement time, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={history}
          what="commissions"
          framed
          loading={<SkeletonRows count={4} rowClassName="h-12 w-full" label="Loading commissions" />}
          isEmpty={(data) => !data.items.length && page === 1}
          empty={
            <EmptyState
              framed
              icon={Wallet}
              title="No commissions yet"
              text="A commission appears here as soon as one of your leads is closed won."
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
          {(data) => (
            <>
              <div className={cn('transition-opacity', history.isPlaceholderData && 'opacity-60')}>
                <ResponsiveTable
                  rows={data.items}
                  rowKey={(c) => c.id}
                  caption="Commission history"
                  columns={COLUMNS}
                  card={(c) => <CommissionCard c={c} />}
                  headings="caps"
                  cellClassName="px-4"
                  tableClassName="min-w-[760px]"
                  rowClassName={(c) => cn('bg-card', c.status === 'cancelled' && 'text-muted-foreground')}
                />
              </div>
              <Pager label="Commission pages" page={page} hasNext={!!data.hasNext} onPage={onPage} busy={history.isPlaceholderData} position className="justify-end" />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
