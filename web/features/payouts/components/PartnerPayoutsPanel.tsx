import { FileDown, FileText, Landmark, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PartnerPayout } from '../../../../common/schemas/payouts.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatGBP, formatLongDate } from '../../../lib/format.ts';
import { pageCount, positionFor, type PagePosition } from '../../../lib/paging.ts';
import { earningsStatementUrl, useEarningsStatements, useMyPayoutDetails, useMyPayouts } from '../api/partner.ts';
import { dayLabel, methodText, PARTNER_PAYOUT_STATUS, periodLabel, taxYearSpan } from '../lib/payout-format.ts';

const PAGE_SIZE = 25;
/** Where the partner enters the bank account or PayPal address they are paid to. */
const DETAILS_LINK = '/profile-settings?tab=payouts';

function StatusBadge({ status }: { status: PartnerPayout['status'] }) {
  const s = PARTNER_PAYOUT_STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

function StatementLink({ p, compact = false }: { p: PartnerPayout; compact?: boolean }) {
  return (
    <Button asChild variant={compact ? 'ghost' : 'outline'} size="sm">
      <a href={p.statementUrl} download aria-label={`Statement (PDF) for ${p.reference}`}>
        <FileText aria-hidden /> Statement (PDF)
      </a>
    </Button>
  );
}

const NUMBER = 'whitespace-nowrap text-right tabular-nums';

const COLUMNS: Column<PartnerPayout>[] = [
  { key: 'reference', header: 'Reference', cellClassName: 'whitespace-nowrap font-mono text-xs', cell: (p) => p.reference },
  { key: 'period', header: 'Period', cellClassName: 'whitespace-nowrap', cell: (p) => periodLabel(p.periodEnd) },
  { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  { key: 'amount', header: 'Amount', className: 'text-right', cellClassName: `${NUMBER} font-semibold`, cell: (p) => formatGBP(p.amount, 2) },
  { key: 'method', header: 'Paid to', cellClassName: 'whitespace-nowrap', cell: (p) => methodText(p.method, p.masked) },
  { key: 'valueDate', header: 'Value date', cellClassName: 'whitespace-nowrap tabular-nums', cell: (p) => dayLabel(p.valueDate) },
  { key: 'statement', header: <span className="sr-only">Statement</span>, cellClassName: 'py-1.5 text-right', cell: (p) => <StatementLink p={p} compact /> },
];

function PayoutCard({ p }: { p: PartnerPayout }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{periodLabel(p.periodEnd)}</p>
          <p className="font-mono text-xs text-muted-foreground">{p.reference}</p>
        </div>
        <StatusBadge status={p.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">{formatGBP(p.amount, 2)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Value date</dt>
          <dd className="tabular-nums">{dayLabel(p.valueDate)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">Paid to</dt>
          <dd>{methodText(p.method, p.masked)}</dd>
        </div>
      </dl>
      <div className="mt-3">
        <StatementLink p={p} />
      </div>
    </>
  );
}

/** Where payout details stand: none yet (with the way to add them), or held for a few days after a change. */
function DetailsNotice() {
  const details = useMyPayoutDetails();
  if (details.isError) return <LoadErrorNotice what="your payout details" error={details.error} onRetry={() => void details.refetch()} />;
  const d = details.data?.details;
  if (details.isPending) return null;
  if (!d) {
    return (
      <div
        role="status"
        className="flex flex-col gap-3 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p>
          <span className="font-semibold">Add your payout details to be paid.</span> Until then, what you are owed is held in each payout run.
        </p>
        <Button asChild size="sm" variant="outline" className="shrink-0">
          <Link to={DETAILS_LINK}>
            <Landmark aria-hidden /> Add payout details
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <p className="text-sm text-muted-foreground">
      Paid to {methodText(d.method, d.masked)}.{' '}
      {d.heldUntil && <span className="text-foreground">Your details changed recently: payouts are held until {formatLongDate(d.heldUntil)}. </span>}
      <Link to={DETAILS_LINK} className="font-medium text-primary underline-offset-4 hover:underline">
        Change payout details
      </Link>
    </p>
  );
}

/** The tax years the partner was paid in, each with its yearly earnings statement as PDF and CSV. */
function EarningsStatements() {
  const years = useEarningsStatements();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Yearly earnings statements</CardTitle>
        <CardDescription>What you were paid in each UK tax year (6 April to 5 April), for your tax return. Commission is paid gross.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={years}
          what="your earnings statements"
          loading={<SkeletonRows count={2} rowClassName="h-10 w-full" />}
          isEmpty={(d) => !d.taxYears.length}
          empty={<p className="text-sm text-muted-foreground">A statement appears here for each tax year once you have been paid in it.</p>}
        >
          {({ taxYears }) => (
            <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Tax years">
              {taxYears.map((y) => (
                <li key={y} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <p className="font-medium">Tax year {y}</p>
                    <p className="text-xs text-muted-foreground">{taxYearSpan(y)}</p>
                  </div>
                  <div className="flex gap-2">
                    <Button asChild variant="outline" size="sm">
                      <a href={earningsStatementUrl(y, 'pdf')} download aria-label={`Earnings statement ${y} (PDF)`}>
                        <FileText aria-hidden /> PDF
                      </a>
                    </Button>
                    <Button asChild variant="outline" size="sm">
                      <a href={earningsStatementUrl(y, 'csv')} download aria-label={`Earnings statement ${y} (CSV)`}>
                        <FileDown aria-hidden /> CSV
                      </a>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/**
 * Commission Tracker → Payouts: the partner's payouts (each run that pays them, once approved), their statements,
 * and the yearly earnings statements. Without payout details the way to add them comes first.
 */
export function PartnerPayoutsPanel() {
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const list = useMyPayouts(position, PAGE_SIZE);
  const details = useMyPayoutDetails();
  const total = list.data?.total ?? 0;
  const noDetails = details.data && !details.data.details;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-3">
          <CardTitle>Payouts</CardTitle>
          <CardDescription>Paid monthly by bank transfer or PayPal, gross, on 30-day terms with the 15th as payment day.</CardDescription>
          <DetailsNotice />
        </CardHeader>
        <CardContent aria-busy={list.isFetching || undefined}>
          <QueryState
            query={list}
            what="your payouts"
            loading={<SkeletonRows count={3} rowClassName="h-12 w-full" label="Loading your payouts" />}
            isEmpty={(p) => !p.items.length && p.page === 1}
            empty={
              <EmptyState
                icon={Wallet}
                framed
                title="No payouts yet"
                text={
                  noDetails
                    ? 'Add your bank account or PayPal address in Profile Settings → Payout details; approved commission is then paid in the next monthly run.'
                    : 'Approved commission is paid in the next monthly run; each payout and its statement appear here.'
                }
              />
            }
          >
            {(page) => (
              <>
                <ResponsiveTable rows={page.items} rowKey={(p) => p.id} caption="Your payouts" columns={COLUMNS} card={(p) => <PayoutCard p={p} />} />
                <Pager
                  label="Payout pages"
                  page={position.page}
                  summary={`Page ${position.page} of ${pageCount(total, PAGE_SIZE)}`}
                  hasNext={position.page * PAGE_SIZE < total}
                  onPage={(t) => setPosition(positionFor(t, list.isPlaceholderData ? undefined : list.data))}
                  busy={list.isFetching}
                  className="mt-4"
                />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
      <EarningsStatements />
    </div>
  );
}
