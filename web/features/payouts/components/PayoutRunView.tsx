import { ArrowLeft, Ban, CheckCheck, Download, FileSpreadsheet, Users } from 'lucide-react';
import { useState } from 'react';
import { PAYPAL_FILE_MAX_ROWS, type PayoutLineState, type PayoutRun } from '../../../../common/schemas/payouts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { formatDateTime, formatGBP } from '../../../lib/format.ts';
import { pageCount } from '../../../lib/paging.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { bankFileUrl, usePayoutLines, usePayoutRun, usePayoutRunAct, paypalFileUrl } from '../api/runs.ts';
import { dayLabel, lineTabs, partnerCount, paypalParts, periodLabel } from '../lib/payout-format.ts';
import { MarkPaidDialog } from './MarkPaidDialog.tsx';
import { PayoutLinesTable } from './PayoutLinesTable.tsx';
import { RunStatusBadge } from './RunStatusBadge.tsx';

const PAGE_SIZE = 50;

/** A run's figures: what it pays, by method, and what it holds and carries over. */
function RunFigures({ run }: { run: PayoutRun }) {
  const figures = [
    { label: run.status === 'paid' ? 'Paid' : 'Total', value: run.total, note: partnerCount(run.payableCount) },
    { label: 'Bank transfer', value: run.bankTotal, note: 'BACS, in GBP' },
    { label: 'PayPal', value: run.paypalTotal, note: 'PayPal Payouts' },
    { label: 'Held', value: run.heldTotal, note: partnerCount(run.heldCount) },
    { label: 'Carried over', value: run.carriedOverTotal, note: `${partnerCount(run.carriedOverCount)} under ${formatGBP(run.minimumPayout, 2)}` },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map((f) => (
        <div key={f.label} className="rounded-lg border border-border bg-card p-3">
          <dt className="text-[13px] font-medium text-muted-foreground">{f.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums tracking-tight">{formatGBP(f.value, 2)}</dd>
          <dd className="text-xs text-muted-foreground">{f.note}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What may be done with the run, each only when the run's `can` allows it. */
function RunActions({ run }: { run: PayoutRun }) {
  const approve = usePayoutRunAct('approve');
  const cancel = usePayoutRunAct('cancel');
  const [confirming, setConfirming] = useState<'approve' | 'cancel' | null>(null);
  const act = (which: 'approve' | 'cancel') => (which === 'approve' ? approve : cancel).mutate(run.id, { onSettled: () => setConfirming(null) });
  const parts = run.can.downloadFiles ? paypalParts(run.paypalCount, PAYPAL_FILE_MAX_ROWS) : 0;
  const partners = partnerCount(run.payableCount);

  return (
    <div className="flex flex-wrap items-center gap-2">
      {run.can.approve && (
        <ConfirmDialog
          open={confirming === 'approve'}
          onOpenChange={(o) => setConfirming(o ? 'approve' : null)}
          trigger={
            <Button>
              <CheckCheck aria-hidden /> Approve
            </Button>
          }
          title={`Approve ${run.reference}?`}
          description={`It pays ${formatGBP(run.total, 2)} to ${partners}. Approval freezes the run: each partner's payout details are kept as they are now, and the bank and PayPal files can be downloaded.`}
          confirm={<>{approve.isPending ? <Spinner className="size-4" label="Approving" /> : <CheckCheck className="size-4" aria-hidden />} Approve</>}
          pending={approve.isPending}
          onConfirm={() => act('approve')}
        />
      )}
      {run.can.downloadFiles && Number(run.bankTotal) > 0 && (
        <Button asChild variant="outline">
          <a href={bankFileUrl(run.id)} download>
            <Download aria-hidden /> Bank file (XML)
          </a>
        </Button>
      )}
      {Array.from({ length: parts }, (_, i) => (
        <Button asChild variant="outline" key={i}>
          <a href={paypalFileUrl(run.id, i + 1)} download>
            <FileSpreadsheet aria-hidden /> PayPal file{parts > 1 ? ` ${i + 1} of ${parts}` : ''} (CSV)
          </a>
        </Button>
      ))}
      {run.can.markPaid && <MarkPaidDialog run={run} />}
      {run.can.cancel && (
        <ConfirmDialog
          open={confirming === 'cancel'}
          onOpenChange={(o) => setConfirming(o ? 'cancel' : null)}
          trigger={
            <Button variant="outline">
              <Ban aria-hidden /> Cancel draft
            </Button>
          }
          title={`Cancel ${run.reference}?`}
          description="Its commissions are released for the next run. The run stays in the list as cancelled."
          confirm={<>{cancel.isPending ? <Spinner className="size-4" label="Cancelling" /> : <Ban className="size-4" aria-hidden />} Cancel draft</>}
          destructive
          pending={cancel.isPending}
          onConfirm={() => act('cancel')}
        />
      )}
    </div>
  );
}

/** Why the administrator sees no Approve button on a draft: approval is another administrator's. */
function ApprovalNote({ run }: { run: PayoutRun }) {
  if (run.status !== 'draft' || run.can.approve) return null;
  return <p className="text-sm text-muted-foreground">Another administrator approves this run: not the one who drafted it, nor one paid in it.</p>;
}

const EMPTY_TEXT: Record<PayoutLineState, string> = {
  payable: 'No partner is paid in this run.',
  paid: 'No partner was paid in this run.',
  held: 'No partner is held: everyone owed has payout details that have not just changed.',
  carried_over: 'No partner is carried over: everyone owed reaches the minimum payout.',
  failed: 'No payment failed.',
};

/** One state's lines, paged by cursor, by partner name. */
function RunLines({ run, state, label, active }: { run: PayoutRun; state: PayoutLineState; label: string; active: boolean }) {
  const [position, turnTo] = usePositionFor(`${run.id}|${state}`);
  const lines = usePayoutLines(run.id, state, position, PAGE_SIZE, active);
  const total = lines.data?.total ?? 0;
  return (
    <div aria-busy={lines.isFetching || undefined}>
      <QueryState
        query={lines}
        what={`the ${label.toLowerCase()} partners`}
        loading={<SkeletonRows count={4} rowClassName="h-11 w-full" label={`Loading the ${label.toLowerCase()} partners`} />}
        isEmpty={(p) => !p.items.length && p.page === 1}
        empty={<EmptyState icon={Users} framed title={`No ${label.toLowerCase()} partners`} text={EMPTY_TEXT[state]} />}
      >
        {({ items }) => (
          <>
            <PayoutLinesTable rows={items} state={state} caption={`${label} partners in ${run.reference}`} />
            <Pager
              label={`${label} partner pages`}
              page={position.page}
              summary={`Page ${position.page} of ${pageCount(total, PAGE_SIZE)}`}
              hasNext={position.page * PAGE_SIZE < total}
              onPage={(t) => turnTo(t, lines.isPlaceholderData ? undefined : lines.data)}
              busy={lines.isFetching}
              className="mt-4"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

const COUNTS: Record<PayoutLineState, (r: PayoutRun) => number> = {
  payable: (r) => r.payableCount,
  paid: (r) => r.payableCount,
  held: (r) => r.heldCount,
  carried_over: (r) => r.carriedOverCount,
  failed: (r) => r.failedCount,
};

/** Who drafted, approved and paid the run, and when. */
function RunHistory({ run }: { run: PayoutRun }) {
  const facts = [
    `Drafted by ${run.createdBy.name} on ${formatDateTime(run.createdAt)}`,
    run.approvedBy && `approved by ${run.approvedBy.name} on ${formatDateTime(run.approvedAt)}`,
    run.valueDate && `paid with value date ${dayLabel(run.valueDate)}`,
    run.cancelledAt && `cancelled on ${formatDateTime(run.cancelledAt)}`,
  ].filter(Boolean);
  return <p className="text-sm text-muted-foreground">{facts.join('; ')}.</p>;
}

/** One payout run: its figures, what may be done with it, and its lines by state under tabs. */
export function PayoutRunView({ id, onBack }: { id: string; onBack: () => void }) {
  const run = usePayoutRun(id);
  const [asked, setTab] = useState<PayoutLineState | null>(null);
  const tabs = run.data ? lineTabs(run.data.status) : [];
  // a run paid while on screen turns "Payable" into "Paid": the first tab stands in for one that is gone
  const tab = tabs.find((t) => t.state === asked)?.state ?? tabs[0]?.state;

  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:px-6">
        <div>
          <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
            <ArrowLeft aria-hidden /> All payout runs
          </Button>
        </div>
        <QueryState query={run} what="the payout run" loading={<SkeletonRows count={3} rowClassName="h-10 w-full" label="Loading the payout run" />}>
          {(r) => (
            <div className="grid gap-4">
              <div className="flex flex-wrap items-center gap-3">
                <CardTitle className="text-xl">Payout run {r.reference}</CardTitle>
                <RunStatusBadge status={r.status} />
              </div>
              <CardDescription>
                {periodLabel(r.periodEnd)}: pending commission earned up to {dayLabel(r.periodEnd)}, minimum payout {formatGBP(r.minimumPayout, 2)}.
              </CardDescription>
              <RunHistory run={r} />
              <RunFigures run={r} />
              <RunActions run={r} />
              <ApprovalNote run={r} />
            </div>
          )}
        </QueryState>
      </CardHeader>
      {run.data && (
        <CardContent className="px-4 sm:px-6">
          <Tabs value={tab} onValueChange={(v) => setTab(v as PayoutLineState)}>
            <TabsList aria-label="Partners in this run by state" className="w-full justify-start">
              {tabs.map((t) => (
                <TabsTrigger key={t.state} value={t.state}>
                  {t.label}
                  <span className="rounded-full bg-muted-foreground/15 px-1.5 text-[11px] font-semibold leading-[18px] tabular-nums">{COUNTS[t.state](run.data)}</span>
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map((t) => (
              <TabsContent key={t.state} value={t.state}>
                <RunLines run={run.data} state={t.state} label={t.label} active={tab === t.state} />
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      )}
    </Card>
  );
}
