import { SkeletonRows } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toPence } from '../../../../common/rules/money.ts';
import { formatGBP, formatPence } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import type { CommissionSummary } from '../api/commissions.ts';

function signedGBP(pence: number): string {
  if (pence === 0) return formatPence(0);
  return `${pence > 0 ? '+' : '−'}${formatPence(Math.abs(pence))}`;
}

/**
 * The tracker's performance figures, computed from the member's own data: average time to close, win rate,
 * average deal size, leads and closes this month, and the change in commission against last month.
 */
export function PerformanceFigures({ summary, loading }: { summary?: CommissionSummary; loading: boolean }) {
  const s = summary;
  const change = s ? toPence(s.commissionChange) : 0;
  const items: Array<{ label: string; value: string; tone?: string }> = s
    ? [
        { label: 'Average time to close', value: s.avgDaysToClose == null ? '—' : `${s.avgDaysToClose} ${s.avgDaysToClose === 1 ? 'day' : 'days'}` },
        { label: 'Win rate', value: s.winRate == null ? '—' : `${Math.round(s.winRate * 100)}%` },
        { label: 'Average deal size', value: s.avgDealSize !== '0.00' ? formatGBP(s.avgDealSize) : '—' },
        { label: 'Leads this month', value: String(s.leadsThisMonth) },
        { label: 'Closes this month', value: String(s.closesThisMonth) },
        {
          label: 'Commission vs last month',
          value: signedGBP(change),
          tone: change > 0 ? 'text-success' : change < 0 ? 'text-destructive' : undefined,
        },
      ]
    : [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your performance</CardTitle>
        <CardDescription>Win rate counts closed won against closed lost.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading || !s ? (
          <SkeletonRows count={6} rowClassName="h-14" className="grid-cols-2 gap-3 sm:grid-cols-3" label="Loading figures" />
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {items.map((it) => (
              <div key={it.label} className="rounded-lg border border-border bg-muted/40 px-3 py-2.5">
                <dt className="text-xs font-medium text-muted-foreground">{it.label}</dt>
                <dd className={cn('mt-0.5 text-lg font-semibold tabular-nums', it.tone)}>{it.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
