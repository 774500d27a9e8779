import { CalendarClock } from 'lucide-react';
import { toPence } from '../../../../common/rules/money.ts';
import type { AnalyticsRange } from '../../../../common/schemas/analytics.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { BarChartView, CHART_COLOURS } from '../../../components/charts.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { bucketName, bucketTick, csvFileName, periodText, seriesSummary } from '../../../lib/chart-data.ts';
import { formatGBP, formatLongDate } from '../../../lib/format.ts';
import type { useAnalytics } from '../api/analytics.ts';

type Commissions = ReturnType<typeof useAnalytics<'commissions'>>;
const pounds = (money: string) => toPence(money) / 100;
const money2 = (v: unknown) => formatGBP(String(v), 2);
const month = (v: unknown) => bucketName(String(v), 'month');

/** Commission earned per month (closed deals and approved time), and what is owed today: pending by month and the next payout run. */
export function CommissionCharts({ query, range }: { query: Commissions; range: AnalyticsRange }) {
  const period = periodText(range.from, range.to);
  const run = query.data?.liability.nextRun;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Commission earned per month"
        description="Closed deals and approved time, cancelled excluded"
        query={query}
        what="the commission earned"
        isEmpty={(d) => toPence(d.totals.earned) === 0}
        emptyText="No commission earned in this period"
        fileName={csvFileName('Commission earned per month', range.from, range.to)}
        view={(d) => {
          const rows = d.months.map((m) => ({ month: m.month, closedWon: m.closedWon, time: m.time, total: m.total }));
          return {
            summary: seriesSummary({
              title: 'Commission earned per month',
              period,
              points: d.months.map((m) => ({ name: month(m.month), value: pounds(m.total) })),
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
                title="Commission earned per month"
                summary={period}
              />
            ),
          };
        }}
      />
      <ChartCard
        title="Pending commission"
        description="Owed today, by the month it was earned (whatever the period)"
        query={query}
        what="the pending commission"
        isEmpty={(d) => d.liability.pending.length === 0}
        emptyText="No commission is pending"
        fileName={csvFileName('Pending commission', range.from, range.to)}
        view={(d) => ({
          summary: seriesSummary({
            title: 'Pending commission by month earned',
            points: d.liability.pending.map((p) => ({ name: month(p.month), value: pounds(p.amount) })),
            format: (n) => formatGBP(n, 2),
          }),
          table: {
            columns: [
              { key: 'month', label: 'Month earned', format: month },
              { key: 'count', label: 'Commissions', numeric: true },
              { key: 'amount', label: 'Pending (£)', numeric: true, format: money2 },
            ],
            rows: d.liability.pending.map((p) => ({ month: p.month, count: p.count, amount: p.amount })),
          },
          chart: (
            <BarChartView
              data={d.liability.pending.map((p) => ({ month: p.month, amount: pounds(p.amount) }))}
              x="month"
              money
              series={[{ key: 'amount', label: 'Pending', colour: CHART_COLOURS[2] }]}
              tick={(v) => bucketTick(v, 'month')}
              tipLabel={month}
              title="Pending commission"
              summary="by month earned"
            />
          ),
        })}
        footer={
          <div className="mt-4 flex items-start gap-3 rounded-lg bg-primary-soft/60 px-3.5 py-3 text-sm">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {run ? (
              <p>
                <span className="font-semibold">Next payout run</span> (earned to {formatLongDate(run.periodEnd)}):{' '}
                <strong className="tabular-nums">{formatGBP(run.amount, 2)}</strong> to{' '}
                {run.partners === 1 ? 'one partner' : `${run.partners.toLocaleString('en-GB')} partners`} for {run.commissions.toLocaleString('en-GB')}{' '}
                {run.commissions === 1 ? 'commission' : 'commissions'}; {formatGBP(query.data?.liability.pendingTotal, 2)} pending in all.
              </p>
            ) : (
              <Skeleton className="h-5 w-full" />
            )}
          </div>
        }
      />
    </div>
  );
}
