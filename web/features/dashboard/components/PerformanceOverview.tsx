import { ChartColumn, Percent, PoundSterling, Send } from 'lucide-react';
import type { DashboardStats } from '../../../../common/schemas/dashboard.ts';
import { LoadErrorBanner } from '../../../components/load-error.tsx';
import { StatGrid, type Stat } from '../../../components/stat-card.tsx';
import { formatGBP, formatPercent } from '../../../lib/format.ts';

/** The four tiles, their figures read from the member's stats (GBP without decimals, success rate to one decimal). */
function tiles(s: DashboardStats | undefined): Stat[] {
  return [
    { key: 'leads', label: 'Total Leads', icon: Send, value: s?.totalReferrals.toLocaleString('en-GB'), note: 'Leads you have referred' },
    { key: 'earned', label: 'Total Earned', icon: PoundSterling, value: s && formatGBP(s.totalCommissions), note: 'Commission to date' },
    { key: 'average', label: 'Avg Per Lead', icon: ChartColumn, value: s && formatGBP(s.avgCommissionPerLead), note: 'Commission per referral' },
    { key: 'success', label: 'Success Rate', icon: Percent, value: s && formatPercent(s.conversionRate, 1), note: 'Leads closed won' },
  ];
}

/** Performance Overview: four tiles from the member's dashboard stats; GBP without decimals. */
export function PerformanceOverview({ stats, isLoading, error, onRetry }: { stats?: DashboardStats; isLoading: boolean; error: unknown; onRetry: () => void }) {
  return (
    <section aria-labelledby="performance-heading">
      <h2 id="performance-heading" className="mb-3 text-base font-semibold">
        Performance Overview
      </h2>
      {error && !stats ? (
        <LoadErrorBanner what="your performance figures" error={error} onRetry={onRetry} />
      ) : (
        <StatGrid stats={tiles(stats)} loading={isLoading || !stats} busy={isLoading} size="lg" />
      )}
    </section>
  );
}
