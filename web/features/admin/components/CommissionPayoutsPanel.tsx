import { BadgeCheck, Download, Wallet } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { COMMISSION_STATUSES, LEAD_TYPE_LABELS, type CommissionStatus, type LeadType } from '../../../../common/constants/leads.ts';
import type { Commission } from '../../../../common/schemas/lead.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { CommissionStatusBadge, COMMISSION_STATUS } from '../../../components/commission-status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { commissionsCsvUrl, useAdminCommissions, usePayCommission, type CommissionFilter } from '../api/admin.ts';
import { Pager } from './Pager.tsx';
import { PanelEmpty, PanelError } from './PanelState.tsx';

const PAGE_SIZE = 50;
const STATUS_LABELS = Object.fromEntries(Object.entries(COMMISSION_STATUS).map(([k, v]) => [k, v.label])) as Record<CommissionStatus, string>;
const ALL = 'all';

/** This month in London (commission months are London calendar months on the server): "2026-11". */
export function currentLondonMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const y = parts.find((p) => p.type === 'year')?.value ?? String(now.getFullYear());
  const m = parts.find((p) => p.type === 'month')?.value ?? String(now.getMonth() + 1).padStart(2, '0');
  return `${y}-${m}`;
}

function monthLabel(month: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return 'all months';
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date(y, m - 1, 1));
}

/** The rate (a fraction, e.g. "0.2851") as a percentage with one decimal. */
function ratePercent(rate: string): string {
  const n = Number.parseFloat(rate);
  return Number.isFinite(n) ? `${(n * 100).toFixed(1)}%` : '—';
}



function PayButton({ c, busy, disabled, onPay }: { c: Commission; busy: boolean; disabled: boolean; onPay: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} aria-label={`Mark ${c.partnerName}'s commission for ${c.leadDetails.companyName} paid`}>
          {busy ? <Spinner className="size-4" label="Saving" /> : <BadgeCheck aria-hidden />}
          Mark paid
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Mark this commission paid?</AlertDialogTitle>
          <AlertDialogDescription>
            {formatGBP(c.amount, 2)} to {c.partnerName} for {c.leadDetails.companyName}. Only confirm once the payment has been made; this is recorded in the audit log and cannot be undone here.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onPay}>
            <BadgeCheck className="size-4" aria-hidden /> Mark paid
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Commission Payouts: the month's commissions with filters, "Mark paid" per pending row and the CSV for the payout run. */
export function CommissionPayoutsPanel() {
  const [filter, setFilter] = useState<CommissionFilter>(() => ({ month: currentLondonMonth(), status: '' }));
  const [page, setPage] = useState(1);
  const list = useAdminCommissions(filter, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const pay = usePayCommission();
  const monthId = useId();
  const statusId = useId();

  useEffect(() => setPage(1), [filter.month, filter.status]);

  const rows = list.data ?? [];
  const pendingTotal = rows.filter((r) => r.status === 'pending').reduce((sum, r) => sum + Number.parseFloat(r.amount), 0);
  const pendingCount = rows.filter((r) => r.status === 'pending').length;
  const scope = `${filter.status ? `${STATUS_LABELS[filter.status].toLowerCase()} ` : ''}commissions for ${monthLabel(filter.month)}`;

  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Commission Payouts</CardTitle>
            <CardDescription>Commissions by the London month they were earned in. Pay them, then mark them paid here.</CardDescription>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <a href={commissionsCsvUrl(filter)} download>
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-[12rem_12rem] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={monthId}>Month</Label>
            <Input
              id={monthId}
              type="month"
              value={filter.month}
              max={currentLondonMonth()}
              onChange={(e) => setFilter((f) => ({ ...f, month: e.target.value }))}
            />
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
        </div>
      </CardHeader>
      <CardContent className="px-4 sm:px-6" aria-busy={list.isFetching || undefined}>
        {list.isLoading ? (
          <div className="grid gap-2" aria-hidden>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <PanelError what="commissions" error={list.error} onRetry={() => void list.refetch()} />
        ) : !rows.length ? (
          <PanelEmpty icon={Wallet} title="No commissions" text={`There are no ${scope}.`} />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {rows.length} {scope}
              {pendingCount > 0 && (
                <>
                  {' · '}
                  <span className="font-medium text-foreground">
                    {pendingCount} pending, {formatGBP(pendingTotal, 2)}
                  </span>{' '}
                  to pay{page > 1 || rows.length === PAGE_SIZE ? ' on this page' : ''}
                </>
              )}
            </p>
            <div className="relative hidden overflow-x-auto rounded-lg border border-border md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Commissions</caption>
                <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2.5 font-medium">Partner</th>
                    <th scope="col" className="px-3 py-2.5 font-medium">Company</th>
                    <th scope="col" className="px-3 py-2.5 text-right font-medium">Value</th>
                    <th scope="col" className="px-3 py-2.5 text-right font-medium">Rate</th>
                    <th scope="col" className="px-3 py-2.5 text-right font-medium">Amount</th>
                    <th scope="col" className="px-3 py-2.5 font-medium">Status</th>
                    <th scope="col" className="px-3 py-2.5 font-medium">Created</th>
                    <th scope="col" className="px-3 py-2.5 font-medium">Paid</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {rows.map((c) => (
                    <tr key={c.id} className="hover:bg-accent/50">
                      <th scope="row" className="whitespace-nowrap px-3 py-2.5 text-left font-medium">
                        {c.partnerName}
                      </th>
                      <td className="max-w-48 px-3 py-2.5">
                        <p className="truncate" title={c.leadDetails.companyName}>
                          {c.leadDetails.companyName}
                        </p>
                        <p className="truncate text-xs text-muted-foreground">{LEAD_TYPE_LABELS[c.leadDetails.leadType as LeadType] ?? c.leadDetails.leadType}</p>
                      </td>
                      <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{formatGBP(c.leadDetails.estimatedValue)}</td>
                      <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{ratePercent(c.rate)}</td>
                      <td className="whitespace-nowrap px-3 py-2.5 text-right font-semibold tabular-nums">{formatGBP(c.amount, 2)}</td>
                      <td className="px-3 py-2.5">
                        <CommissionStatusBadge status={c.status} />
                      </td>
                      <td className="whitespace-nowrap px-3 py-2.5 tabular-nums">{formatDate(c.createdAt)}</td>
                      {/* a pending row offers the payment where its date will go */}
                      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                        {c.status === 'pending' ? (
                          <PayButton c={c} busy={pay.isPending && pay.variables?.id === c.id} disabled={pay.isPending} onPay={() => pay.mutate({ id: c.id, partnerName: c.partnerName })} />
                        ) : (
                          formatDate(c.paidAt)
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Commissions">
              {rows.map((c) => (
                <li key={c.id} className="rounded-lg border border-border p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium">{c.partnerName}</p>
                      <p className="truncate text-sm text-muted-foreground">{c.leadDetails.companyName}</p>
                    </div>
                    <CommissionStatusBadge status={c.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-muted-foreground">Value</dt>
                      <dd className="tabular-nums">{formatGBP(c.leadDetails.estimatedValue)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">Rate</dt>
                      <dd className="tabular-nums">{ratePercent(c.rate)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">Amount</dt>
                      <dd className="font-semibold tabular-nums">{formatGBP(c.amount, 2)}</dd>
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
                  {c.status === 'pending' && (
                    <div className="mt-3">
                      <PayButton c={c} busy={pay.isPending && pay.variables?.id === c.id} disabled={pay.isPending} onPay={() => pay.mutate({ id: c.id, partnerName: c.partnerName })} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <Pager label="Commission pages" page={page} pageSize={PAGE_SIZE} shown={rows.length} hasNext={rows.length === PAGE_SIZE} onPage={setPage} busy={list.isFetching} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
