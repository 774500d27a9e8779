import { ChevronLeft, ChevronRight, Send, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { LEAD_TYPE_LABELS, type LeadType } from '../../../../common/constants/leads.ts';
import type { Commission } from '../../../../common/schemas/lead.ts';
import { LeadListError } from '../../../components/leads/LeadTable.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { CommissionStatusBadge } from '../../../components/commission-status-badge.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { useCommissionHistory } from '../api/commissions.ts';


/** rate is a fraction as text ("0.2851"): a percent with one decimal. */
const ratePercent = (rate: string) => `${(Number(rate) * 100).toFixed(1)}%`;
const typeLabel = (t: string) => LEAD_TYPE_LABELS[t as LeadType] ?? t;

const TH = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground whitespace-nowrap';
const TD = 'px-4 py-3 align-middle';

function Rows({ items }: { items: Commission[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-border md:block">
        <table className="w-full min-w-[760px] border-collapse text-sm">
          <caption className="sr-only">Commission history</caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className={TH}>Company</th>
              <th scope="col" className={TH}>Lead type</th>
              <th scope="col" className={cn(TH, 'text-right')}>Amount</th>
              <th scope="col" className={cn(TH, 'text-right')}>Rate</th>
              <th scope="col" className={TH}>Status</th>
              <th scope="col" className={TH}>Created</th>
              <th scope="col" className={TH}>Paid</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.map((c) => (
              <tr key={c.id} className={cn('bg-card', c.status === 'cancelled' && 'text-muted-foreground')}>
                <th scope="row" className={cn(TD, 'max-w-64 text-left font-normal')}>
                  <span className="block truncate font-medium text-foreground">{c.leadDetails.companyName}</span>
                  <span className="block truncate text-xs text-muted-foreground">{c.leadDetails.industry}</span>
                </th>
                <td className={TD}>{typeLabel(c.leadDetails.leadType)}</td>
                <td className={cn(TD, 'whitespace-nowrap text-right font-semibold tabular-nums', c.status === 'cancelled' && 'line-through decoration-1')}>
                  {formatGBP(c.amount, 2)}
                </td>
                <td className={cn(TD, 'text-right tabular-nums')}>{ratePercent(c.rate)}</td>
                <td className={TD}>
                  <CommissionStatusBadge status={c.status} />
                </td>
                <td className={cn(TD, 'whitespace-nowrap tabular-nums text-muted-foreground')}>{formatDate(c.createdAt)}</td>
                <td className={cn(TD, 'whitespace-nowrap tabular-nums text-muted-foreground')}>{formatDate(c.paidAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 md:hidden" aria-label="Commission history">
        {items.map((c) => (
          <li key={c.id} className="rounded-lg border border-border bg-card p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{c.leadDetails.companyName}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {c.leadDetails.industry} · {typeLabel(c.leadDetails.leadType)}
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
          </li>
        ))}
      </ul>
    </>
  );
}

/** The history table (rate 1 decimal, amounts 2 decimals, status, created, paid, company, industry, lead type). */
export function CommissionHistory({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const history = useCommissionHistory(page);
  const data = history.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet className="size-5 text-muted-foreground" aria-hidden /> Commission history
        </CardTitle>
        <CardDescription>One row per closed-won lead, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {history.isLoading ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading commissions">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : history.isError && !data ? (
          <LeadListError error={history.error} onRetry={() => void history.refetch()} what="commissions" />
        ) : !data?.items.length && page === 1 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Wallet className="size-6" aria-hidden />
            </span>
            <p className="mt-4 font-semibold">No commissions yet</p>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">A commission appears here as soon as one of your leads is closed won.</p>
            <Button asChild className="mt-5">
              <Link to="/submit-lead">
                <Send aria-hidden /> Submit a Lead
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <div className={cn('transition-opacity', history.isPlaceholderData && 'opacity-60')}>
              <Rows items={data?.items ?? []} />
            </div>
            {(page > 1 || data?.hasNext) && (
              <nav aria-label="Commission pages" className="flex items-center justify-end gap-2">
                <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
                  <ChevronLeft aria-hidden /> Previous
                </Button>
                <span className="min-w-16 text-center text-sm font-medium tabular-nums" aria-live="polite">
                  Page {page}
                </span>
                <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={!data?.hasNext || history.isPlaceholderData}>
                  Next <ChevronRight aria-hidden />
                </Button>
              </nav>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
