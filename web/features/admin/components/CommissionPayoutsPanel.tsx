import { Download, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { COMMISSION_STATUSES, type CommissionStatus } from '../../../../common/constants/leads.ts';
import { COMMISSION_STATUS } from '../../../components/commission-status-badge.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { toPence } from '../../../../common/rules/money.ts';
import { formatPence } from '../../../lib/format.ts';
import type { CommissionFilter } from '../api/keys.ts';
import { commissionsCsvUrl, payoutOrder, useAdminCommissions, usePayCommission } from '../api/payouts.ts';
import { currentLondonMonth, monthLabel } from '../lib/payout-format.ts';
import { PayoutTable } from './PayoutTable.tsx';

const PAGE_SIZE = 50;
const STATUS_LABELS = Object.fromEntries(Object.entries(COMMISSION_STATUS).map(([k, v]) => [k, v.label])) as Record<CommissionStatus, string>;
const ALL = 'all';

/**
 * Commission Payouts: opens on everything unpaid, every month, oldest first, under the total owed (counted and summed
 * by the server over all of them, not from the page); a month and a status narrow the list. "Mark paid" per pending
 * row and the CSV for the payout run.
 */
export function CommissionPayoutsPanel() {
  const [filter, setFilter] = useState<CommissionFilter>(() => ({ month: '', status: 'pending' }));
  const [position, turnTo] = usePositionFor(`${filter.month}|${filter.status}`);
  const { page } = position;
  const list = useAdminCommissions(filter, position, PAGE_SIZE);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => turnTo(target, list.isPlaceholderData ? undefined : list.data);
  const pay = usePayCommission();
  const monthId = useId();
  const statusId = useId();

  const total = list.data?.total ?? 0;
  const owed = list.data?.owed;
  const scope = `${filter.status ? `${STATUS_LABELS[filter.status].toLowerCase()} ` : ''}commissions for ${monthLabel(filter.month)}${payoutOrder(filter.status) === 'oldest' ? ', oldest first' : ''}`;

  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Commission Payouts</CardTitle>
            <CardDescription>Commissions by the London month they were earned in. Pay them, then mark them paid here.</CardDescription>
            {owed && (
              <p className="text-sm" aria-live="polite">
                {owed.count > 0 ? (
                  <>
                    Owed across all months:{' '}
                    <span className="font-semibold">
                      {owed.count} unpaid, {formatPence(toPence(owed.amount), 2)}
                    </span>
                  </>
                ) : (
                  'Nothing is owed: every commission has been paid.'
                )}
              </p>
            )}
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <a href={commissionsCsvUrl(filter)} download>
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={monthId}>Month (optional)</Label>
            <Input id={monthId} type="month" value={filter.month} max={currentLondonMonth()} onChange={(e) => setFilter((f) => ({ ...f, month: e.target.value }))} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={statusId}>Status</Label>
            <Select value={filter.status || ALL} onValueChange={(v) => setFilter((f) => ({ ...f, status: v === ALL ? '' : (v as CommissionStatus) }))}>
              <SelectTrigger id={statusId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All statuses</SelectItem>
                {COMMISSION_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {filter.month && (
            <Button variant="ghost" className="justify-self-start" onClick={() => setFilter((f) => ({ ...f, month: '' }))}>
              All months
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="px-4 sm:px-6" aria-busy={list.isFetching || undefined}>
        <QueryState
          query={list}
          what="commissions"
          loading={<SkeletonRows count={5} rowClassName="h-12 w-full" />}
          isEmpty={(p) => !p.items.length}
          empty={<EmptyState icon={Wallet} title="No commissions" text={`There are no ${scope}.`} />}
        >
          {({ items }) => (
            <>
              <p className="mb-3 text-sm text-muted-foreground">
                {total} {scope}
              </p>
              <PayoutTable
                rows={items}
                pay={{
                  payingId: pay.isPending ? (pay.variables?.id ?? null) : null,
                  busy: pay.isPending,
                  onPay: (c) => pay.mutate({ id: c.id, partnerName: c.partnerName }),
                }}
              />
              <Pager
                label="Commission pages"
                page={page}
                summary={`Page ${page} of ${Math.max(1, Math.ceil(total / PAGE_SIZE))}`}
                hasNext={page * PAGE_SIZE < total}
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
