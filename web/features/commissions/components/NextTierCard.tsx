import { TrendingUp, Trophy } from 'lucide-react';
import { TIERS } from '../../../../common/rules/commission-tiers.ts';
import { toPence } from '../../../../common/rules/money.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import type { CommissionSummary } from '../api/commissions.ts';

/** Fill of each tier's segment (0–1) for this month's closed-won value in pence; the top tier fills once reached. */
function segments(monthPence: number) {
  return TIERS.map((t) => {
    if (!Number.isFinite(t.to)) return monthPence >= t.from ? 1 : 0;
    return Math.max(0, Math.min(1, (monthPence - t.from) / (t.to - t.from)));
  });
}

/**
 * Distance to the next tier: this month's closed-won value, the current tier and how much more closed business
 * reaches the next one (from the summary's tier).
 */
export function NextTierCard({ summary, loading }: { summary?: CommissionSummary; loading: boolean }) {
  const tier = summary?.tier;
  const fills = summary ? segments(toPence(summary.closedWonValueThisMonth)) : [0, 0, 0];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp className="size-5 text-muted-foreground" aria-hidden /> Distance to the next tier
        </CardTitle>
        <CardDescription>Your rate rises as you close more business within the month.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {loading || !summary || !tier ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading tier">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-4 w-56" />
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <div>
                <dt className="text-xs font-medium text-muted-foreground">Billed this month</dt>
                <dd className="mt-0.5 text-xl font-semibold tabular-nums">{formatGBP(summary.closedWonValueThisMonth)}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-muted-foreground">Current tier</dt>
                <dd className="mt-0.5 text-xl font-semibold">
                  {tier.label} <span className="text-base font-medium text-muted-foreground">· {tier.percent}%</span>
                </dd>
              </div>
            </dl>
            <div aria-hidden className="grid grid-cols-3 gap-1">
              {TIERS.map((t, i) => (
                <div key={t.label} className="grid gap-1">
                  <div className="h-2.5 overflow-hidden rounded-full bg-muted">
                    <div className={cn('h-full rounded-full', i === 2 ? 'bg-success' : 'bg-primary')} style={{ width: `${fills[i] * 100}%` }} />
                  </div>
                  <span className="text-[11px] tabular-nums text-muted-foreground">
                    {t.percent}% {Number.isFinite(t.to) ? `to ${formatGBP(t.to / 100)}` : 'above'}
                  </span>
                </div>
              ))}
            </div>
            {tier.toNext != null && tier.nextPercent != null ? (
              <p className="rounded-lg bg-primary-soft/60 px-3.5 py-3 text-sm">
                <strong className="tabular-nums">{formatGBP(tier.toNext)}</strong> more closed business this month reaches the <strong>{tier.nextPercent}%</strong> tier.
              </p>
            ) : (
              <p className="flex items-center gap-2 rounded-lg bg-success-soft px-3.5 py-3 text-sm text-success">
                <Trophy className="size-4 shrink-0" aria-hidden /> You are in the top tier: every further pound this month earns {tier.percent}%.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
