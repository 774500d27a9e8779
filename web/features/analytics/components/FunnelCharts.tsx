import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import type { AnalyticsRange } from '../../../../common/schemas/analytics.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { BarChartView, CHART_COLOURS } from '../../../components/charts.tsx';
import { csvFileName, periodText, seriesSummary } from '../../../lib/chart-data.ts';
import { formatPercent } from '../../../lib/format.ts';
import type { useAnalytics } from '../api/analytics.ts';

type Funnel = ReturnType<typeof useAnalytics<'funnel'>>;
const pct = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : formatPercent(Number(v), 0));
const days = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : `${Number(v).toLocaleString('en-GB', { maximumFractionDigits: 1 })} days`);

/** The funnel of the period's leads (reached, conversion, lost per stage), the time to close, and the days in each stage. */
export function FunnelCharts({ query, range }: { query: Funnel; range: AnalyticsRange }) {
  const period = periodText(range.from, range.to);
  const d0 = query.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Funnel"
        description={
          d0?.totals.winRate != null
            ? `Leads submitted in the period, by the furthest stage reached; win rate ${formatPercent(d0.totals.winRate, 0)}`
            : 'Leads submitted in the period, by the furthest stage reached'
        }
        query={query}
        what="the funnel"
        isEmpty={(d) => d.totals.submitted === 0}
        emptyText="No referrals in this period"
        fileName={csvFileName('Funnel', range.from, range.to)}
        className="lg:col-span-2"
        view={(d) => {
          const rows = d.stages.map((s) => ({ stage: STATUS_LABELS[s.stage], reached: s.reached, conversion: s.conversion ?? '', lost: s.lost }));
          return {
            summary: `${seriesSummary({ title: 'Leads reaching each stage', period, points: rows.map((r) => ({ name: r.stage, value: r.reached })), total: false })} ${d.totals.won.toLocaleString('en-GB')} won and ${d.totals.lost.toLocaleString('en-GB')} lost of ${d.totals.submitted.toLocaleString('en-GB')} submitted.`,
            table: {
              columns: [
                { key: 'stage', label: 'Stage' },
                { key: 'reached', label: 'Reached', numeric: true },
                { key: 'conversion', label: 'To next stage', numeric: true, format: pct },
                { key: 'lost', label: 'Lost here', numeric: true },
              ],
              rows,
            },
            chart: (
              <BarChartView
                data={rows}
                x="stage"
                horizontal
                series={[
                  { key: 'reached', label: 'Reached', colour: CHART_COLOURS[0] },
                  { key: 'lost', label: 'Lost here', colour: CHART_COLOURS[5] },
                ]}
                title="Funnel"
                summary={period}
              />
            ),
          };
        }}
      />
      <ChartCard
        title="Time to close"
        description={
          d0?.timeToClose.medianDays != null
            ? `Leads closed in the period, by days from submission; median ${days(d0.timeToClose.medianDays)}, average ${days(d0.timeToClose.averageDays)}`
            : 'Leads closed in the period, by days from submission'
        }
        query={query}
        what="the time to close"
        isEmpty={(d) => d.timeToClose.buckets.every((b) => b.won + b.lost === 0)}
        emptyText="No leads closed in this period"
        fileName={csvFileName('Time to close', range.from, range.to)}
        view={(d) => {
          const rows = d.timeToClose.buckets.map((b) => ({ label: b.label, won: b.won, lost: b.lost }));
          return {
            summary: seriesSummary({ title: 'Leads closed by days to close', period, points: rows.map((r) => ({ name: r.label, value: r.won + r.lost })) }),
            table: {
              columns: [
                { key: 'label', label: 'Days to close' },
                { key: 'won', label: 'Won', numeric: true },
                { key: 'lost', label: 'Lost', numeric: true },
              ],
              rows,
            },
            chart: (
              <BarChartView
                data={rows}
                x="label"
                stacked
                series={[
                  { key: 'won', label: 'Won', colour: CHART_COLOURS[1] },
                  { key: 'lost', label: 'Lost', colour: CHART_COLOURS[5] },
                ]}
                title="Time to close"
                summary={period}
              />
            ),
          };
        }}
      />
      <ChartCard
        title="Average days in each stage"
        description="Over the stays that ended in the period"
        query={query}
        what="the days in each stage"
        isEmpty={(d) => d.stageDays.every((s) => s.stays === 0)}
        emptyText="No lead changed stage in this period"
        fileName={csvFileName('Average days in each stage', range.from, range.to)}
        view={(d) => {
          const rows = d.stageDays.map((s) => ({ stage: STATUS_LABELS[s.stage], averageDays: s.averageDays ?? '', stays: s.stays }));
          return {
            summary: seriesSummary({
              title: 'Average days in each stage',
              period,
              points: d.stageDays.map((s) => ({ name: STATUS_LABELS[s.stage], value: s.averageDays ?? 0 })),
              format: (n) => days(n),
              total: false,
            }),
            table: {
              columns: [
                { key: 'stage', label: 'Stage' },
                { key: 'averageDays', label: 'Average days', numeric: true, format: days },
                { key: 'stays', label: 'Stays', numeric: true },
              ],
              rows,
            },
            chart: (
              <BarChartView
                data={d.stageDays.map((s) => ({ stage: STATUS_LABELS[s.stage], averageDays: s.averageDays == null ? null : Math.round(s.averageDays * 10) / 10 }))}
                x="stage"
                horizontal
                unit="days"
                series={[{ key: 'averageDays', label: 'Average days', colour: CHART_COLOURS[3] }]}
                title="Average days in each stage"
                summary={period}
              />
            ),
          };
        }}
      />
    </div>
  );
}
