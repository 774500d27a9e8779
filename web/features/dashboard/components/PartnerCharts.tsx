import type { UseQueryResult } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../common/schemas/dashboard.ts';
import { toPence } from '../../../../common/rules/money.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { BarChartView, CHART_COLOURS } from '../../../components/charts.tsx';
import { bucketName, bucketTick, csvFileName, seriesSummary } from '../../../lib/chart-data.ts';
import { formatGBP } from '../../../lib/format.ts';
import { useEarnings } from '../api/dashboard.ts';

const pounds = (money: string) => toPence(money) / 100;
const money2 = (v: unknown) => formatGBP(String(v), 2);
const month = (v: unknown) => bucketName(String(v), 'month');

const STAGES: { key: keyof DashboardStats['pipeline']; label: string }[] = [
  { key: 'submitted', label: STATUS_LABELS.submitted },
  { key: 'reviewing', label: STATUS_LABELS.reviewing },
  { key: 'qualified', label: STATUS_LABELS.qualified },
  { key: 'inProgress', label: STATUS_LABELS['in-progress'] },
  { key: 'closed', label: STATUS_LABELS['closed-won'] },
];

/**
 * The partner's insight on the dashboard, loaded after its first screen with the chart library: earnings per
 * month for the last twelve months (closed deals and approved time stacked), and the pipeline by stage.
 */
export function PartnerCharts({ stats }: { stats: UseQueryResult<DashboardStats> }) {
  const earnings = useEarnings();
  const months = earnings.data?.months;
  const span = months?.length ? { from: months[0].month, to: months[months.length - 1].month } : { from: undefined, to: undefined };
  return (
    <section aria-labelledby="insight-heading" className="grid gap-3">
      <h2 id="insight-heading" className="text-base font-semibold">
        Your earnings and pipeline
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Earnings per month"
          description="Your commission over the last 12 months: closed deals and approved time"
          query={earnings}
          what="your earnings"
          isEmpty={(d) => d.months.every((m) => toPence(m.closedWon) + toPence(m.time) === 0)}
          emptyText="No commission earned in the last 12 months"
          fileName={csvFileName('Earnings per month', span.from, span.to)}
          view={(d) => {
            const rows = d.months.map((m) => ({
              month: m.month,
              closedWon: m.closedWon,
              time: m.time,
              total: ((toPence(m.closedWon) + toPence(m.time)) / 100).toFixed(2),
            }));
            return {
              summary: seriesSummary({
                title: 'Your earnings per month, last 12 months',
                points: rows.map((r) => ({ name: month(r.month), value: pounds(r.total) })),
                format: (n) => formatGBP(n, 2),
              }),
              table: {
                columns: [
                  { key: 'month', label: 'Month', format: month },
                  { key: 'closedWon', label: 'Closed deals (£)', numeric: true, format: money2 },
                  { key: 'time', label: 'Approved time (£)', numeric: true, format: money2 },
                  { key: 'total', label: 'Total (£)', numeric: true, format: money2 },
                ],
                rows,
              },
              chart: (
                <BarChartView
                  data={d.months.map((m) => ({ month: m.month, closedWon: pounds(m.closedWon), time: pounds(m.time) }))}
                  x="month"
                  stacked
                  money
                  series={[
                    { key: 'closedWon', label: 'Closed deals', colour: CHART_COLOURS[0] },
                    { key: 'time', label: 'Approved time', colour: CHART_COLOURS[1] },
                  ]}
                  tick={(v) => bucketTick(v, 'month')}
                  tipLabel={month}
                  title="Earnings per month"
                  summary="last 12 months"
                />
              ),
            };
          }}
        />
        <ChartCard
          title="Pipeline by stage"
          description="Your leads in each stage today"
          query={stats}
          what="your pipeline"
          isEmpty={(d) => STAGES.every((s) => d.pipeline[s.key] === 0)}
          emptyText="No leads in your pipeline yet"
          fileName={csvFileName('Pipeline by stage')}
          view={(d) => {
            const rows = STAGES.map((s) => ({ stage: s.label, leads: d.pipeline[s.key] }));
            return {
              summary: seriesSummary({ title: 'Your pipeline by stage', points: rows.map((r) => ({ name: r.stage, value: r.leads })) }),
              table: {
                columns: [
                  { key: 'stage', label: 'Stage' },
                  { key: 'leads', label: 'Leads', numeric: true },
                ],
                rows,
              },
              chart: (
                <BarChartView
                  data={rows}
                  x="stage"
                  horizontal
                  unit="leads"
                  series={[{ key: 'leads', label: 'Leads', colour: CHART_COLOURS[0] }]}
                  title="Pipeline by stage"
                  summary="today"
                />
              ),
            };
          }}
        />
      </div>
    </section>
  );
}
