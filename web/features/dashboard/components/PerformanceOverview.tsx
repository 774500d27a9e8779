import { ChartColumn, Percent, PoundSterling, Send, type LucideIcon } from 'lucide-react';
import type { DashboardStats } from '../../../../common/schemas/lead.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatGBP, formatPercent } from '../../../lib/format.ts';
import { BlockError } from './BlockError.tsx';

const TILES: { label: string; icon: LucideIcon; value: (s: DashboardStats) => string; hint: string }[] = [
  { label: 'Total Leads', icon: Send, value: (s) => s.totalReferrals.toLocaleString('en-GB'), hint: 'Leads you have referred' },
  { label: 'Total Earned', icon: PoundSterling, value: (s) => formatGBP(s.totalCommissions), hint: 'Commission to date' },
  { label: 'Avg Per Lead', icon: ChartColumn, value: (s) => formatGBP(s.avgCommissionPerLead), hint: 'Commission per referral' },
  { label: 'Success Rate', icon: Percent, value: (s) => formatPercent(s.conversionRate, 1), hint: 'Leads closed won' },
];

/** Performance Overview (spec 01 §2): four tiles from /api/dashboard-stats; GBP without decimals. */
export function PerformanceOverview({ stats, isLoading, error, onRetry }: { stats?: DashboardStats; isLoading: boolean; error: unknown; onRetry: () => void }) {
  return (
    <section aria-labelledby="performance-heading">
      <h2 id="performance-heading" className="mb-3 text-base font-semibold">
        Performance Overview
      </h2>
      {error && !stats ? (
        <BlockError what="your performance figures" error={error} onRetry={onRetry} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={isLoading || undefined}>
          {TILES.map(({ label, icon: Icon, value, hint }) => (
            <li key={label}>
              <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-[13px] font-medium text-muted-foreground">{label}</p>
                  <span className="hidden size-8 items-center justify-center rounded-lg bg-primary-soft text-primary sm:flex">
                    <Icon className="size-4" aria-hidden />
                  </span>
                </div>
                {isLoading || !stats ? (
                  <Skeleton className="h-8 w-20" />
                ) : (
                  <p className="text-2xl font-semibold tabular-nums tracking-tight sm:text-[28px]">{value(stats)}</p>
                )}
                <p className="text-xs text-muted-foreground">{hint}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
