import { toPence } from '../../../../common/rules/money.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { BarChartView } from '../../../components/charts.tsx';
import { csvFileName } from '../../../lib/chart-data.ts';
import { formatGBP, formatPence } from '../../../lib/format.ts';
import type { useCommissionSummary } from '../api/commissions.ts';
import { londonMonth, tierBands } from '../lib/tier-bands.ts';

const money2 = (v: unknown) => formatGBP(String(v), 2);

/**
 * This month's progress through the tiers: the closed-won value of the month laid over each band (0–£10,000 at
 * 20%, £10,000–£20,000 at 30%, £20,000+ at 40%), what is in it and what is left to fill it. Loaded on demand
 * with the chart library.
 */
export function TierProgressChart({ query }: { query: ReturnType<typeof useCommissionSummary> }) {
  const month = londonMonth();
  return (
    <ChartCard
      title="This month through the tiers"
      description="Closed-won value this month in each tier's band"
      query={query}
      what="your tier progress"
      emptyText="No closed business this month"
      fileName={csvFileName('Tier progress', month.from, month.to)}
      height={200}
      view={(s) => {
        const monthPence = toPence(s.closedWonValueThisMonth);
        const bands = tierBands(monthPence);
        const current = bands.filter((b) => b.inBandPence > 0).at(-1) ?? bands[0];
        return {
          summary: `This month through the tiers: ${formatPence(monthPence, 2)} closed won, in ${current.tier} at ${current.percent}%${s.tier.toNext != null && s.tier.nextPercent != null ? `; ${formatGBP(s.tier.toNext, 2)} more reaches ${s.tier.nextPercent}%` : ''}.`,
          table: {
            columns: [
              { key: 'tier', label: 'Tier' },
              { key: 'band', label: 'Band' },
              { key: 'percent', label: 'Rate (%)', numeric: true },
              { key: 'inBand', label: 'In this band (£)', numeric: true, format: money2 },
              { key: 'left', label: 'Left to fill (£)', numeric: true, format: money2 },
            ],
            rows: bands.map((b) => ({ tier: b.tier, band: b.band, percent: b.percent, inBand: (b.inBandPence / 100).toFixed(2), left: (b.leftPence / 100).toFixed(2) })),
          },
          chart: (
            <BarChartView
              data={bands.map((b) => ({ tier: `${b.tier} · ${b.percent}%`, inBand: b.inBandPence / 100, left: b.leftPence / 100 }))}
              x="tier"
              horizontal
              stacked
              money
              series={[
                { key: 'inBand', label: 'Closed won this month', colour: 'var(--color-success)' },
                { key: 'left', label: 'Left to fill the band', colour: 'var(--color-border)' },
              ]}
              title="This month through the tiers"
              summary={`${formatPence(monthPence, 2)} closed won this month`}
            />
          ),
        };
      }}
    />
  );
}
