import { Banknote } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { PayoutRun } from '../../../../common/schemas/payouts.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { pageCount } from '../../../lib/paging.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { usePayoutRuns, usePayoutSettings } from '../api/runs.ts';
import { dayLabel, periodLabel } from '../lib/payout-format.ts';
import { PayoutRunView } from './PayoutRunView.tsx';
import { DraftRunDialog, PayoutSettingsDialog } from './RunSetupDialogs.tsx';
import { RunStatusBadge } from './RunStatusBadge.tsx';

const PAGE_SIZE = 25;
/** The run on screen is in the address (?run=…) beside the Admin Panel's tab, so a reload or a link opens it. */
const RUN_PARAM = 'run';

/**
 * Payout runs: the list of runs, newest first, with "Draft payout run" and the minimum payout; a run opens in place
 * (its reference is a button) and "All payout runs" comes back.
 */
export function PayoutRunsPanel() {
  const [params, setParams] = useSearchParams();
  const runId = params.get(RUN_PARAM);
  const show = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(RUN_PARAM, id);
        else next.delete(RUN_PARAM);
        return next;
      },
      { replace: false },
    );
  if (runId) return <PayoutRunView id={runId} onBack={() => show(null)} />;
  return <PayoutRunList onOpen={(run) => show(run.id)} />;
}

const NUMBER = 'whitespace-nowrap text-right tabular-nums';

function columns(onOpen: (run: PayoutRun) => void): Column<PayoutRun>[] {
  return [
    {
      key: 'reference',
      header: 'Run',
      cellClassName: 'whitespace-nowrap',
      cell: (r) => (
        <button
          type="button"
          className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => onOpen(r)}
          aria-label={`Open payout run ${r.reference}`}
        >
          {r.reference}
        </button>
      ),
    },
    {
      key: 'period',
      header: 'Period',
      cellClassName: 'whitespace-nowrap',
      cell: (r) => <span title={`Period end ${dayLabel(r.periodEnd)}`}>{periodLabel(r.periodEnd)}</span>,
    },
    { key: 'status', header: 'Status', cell: (r) => <RunStatusBadge status={r.status} /> },
    { key: 'total', header: 'Total', className: 'text-right', cellClassName: `${NUMBER} font-semibold`, cell: (r) => formatGBP(r.total, 2) },
    { key: 'partners', header: 'Partners', className: 'text-right', cellClassName: NUMBER, cell: (r) => r.payableCount },
    {
      key: 'created',
      header: 'Drafted by',
      cellClassName: 'whitespace-nowrap',
      cell: (r) => (
        <>
          {r.createdBy.name}
          <span className="block text-xs text-muted-foreground tabular-nums">{formatDate(r.createdAt)}</span>
        </>
      ),
    },
    {
      key: 'approved',
      header: 'Approved by',
      cellClassName: 'whitespace-nowrap',
      cell: (r) =>
        r.approvedBy ? (
          <>
            {r.approvedBy.name}
            <span className="block text-xs text-muted-foreground tabular-nums">{formatDate(r.approvedAt)}</span>
          </>
        ) : (
          '—'
        ),
    },
  ];
}

/** A run on a phone: its reference (opens it), period and status, then the total and who drafted and approved it. */
function RunCard({ run, onOpen }: { run: PayoutRun; onOpen: (run: PayoutRun) => void }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <button
            type="button"
            className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
            onClick={() => onOpen(run)}
            aria-label={`Open payout run ${run.reference}`}
          >
            {run.reference}
          </button>
          <p className="text-sm text-muted-foreground">{periodLabel(run.periodEnd)}</p>
        </div>
        <RunStatusBadge status={run.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Total</dt>
          <dd className="font-semibold tabular-nums">{formatGBP(run.total, 2)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Partners</dt>
          <dd className="tabular-nums">{run.payableCount}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Drafted by</dt>
          <dd>{run.createdBy.name}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Approved by</dt>
          <dd>{run.approvedBy?.name ?? '—'}</dd>
        </div>
      </dl>
    </>
  );
}

function PayoutRunList({ onOpen }: { onOpen: (run: PayoutRun) => void }) {
  const [position, turnTo] = usePositionFor('runs');
  const list = usePayoutRuns(position, PAGE_SIZE);
  const settings = usePayoutSettings();
  const minimum = settings.data?.minimumPayout;
  const setPage = (target: number) => turnTo(target, list.isPlaceholderData ? undefined : list.data);
  const total = list.data?.total ?? 0;

  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Payout runs</CardTitle>
            <CardDescription>
              Monthly payments of approved commission by bank transfer or PayPal, paid gross on the 15th. One administrator drafts a run, another approves it.
            </CardDescription>
            <div className="flex flex-wrap items-center gap-x-1 text-sm" aria-live="polite">
              <span className="text-muted-foreground">Minimum payout:</span>
              {settings.isError ? (
                <span className="text-destructive">could not load it</span>
              ) : minimum ? (
                <>
                  <span className="font-semibold tabular-nums">{formatGBP(minimum, 2)}</span>
                  <PayoutSettingsDialog minimumPayout={minimum} />
                </>
              ) : (
                <Skeleton className="h-5 w-16" />
              )}
            </div>
          </div>
          <div className="shrink-0">
            <DraftRunDialog minimumPayout={minimum} onDrafted={onOpen} />
          </div>
        </div>
      </CardHeader>
      <CardContent className="px-4 sm:px-6" aria-busy={list.isFetching || undefined}>
        <QueryState
          query={list}
          what="payout runs"
          loading={<SkeletonRows count={4} rowClassName="h-12 w-full" label="Loading payout runs" />}
          isEmpty={(p) => !p.items.length && p.page === 1}
          empty={
            <EmptyState icon={Banknote} framed title="No payout runs yet" text="Draft the first for last month: it gathers every pending commission earned by its end." />
          }
        >
          {({ items }) => (
            <>
              <ResponsiveTable rows={items} rowKey={(r) => r.id} caption="Payout runs" columns={columns(onOpen)} card={(r) => <RunCard run={r} onOpen={onOpen} />} />
              <Pager
                label="Payout run pages"
                page={position.page}
                summary={`Page ${position.page} of ${pageCount(total, PAGE_SIZE)}`}
                hasNext={position.page * PAGE_SIZE < total}
                onPage={setPage}
                busy={list.isFetching}
                className="mt-4"
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
