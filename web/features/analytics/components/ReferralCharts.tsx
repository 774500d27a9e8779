import { LEAD_TYPE_LABELS, type LeadType } from '../../../../common/constants/leads.ts';
import { toPence } from '../../../../common/rules/money.ts';
import type { AnalyticsRange } from '../../../../common/schemas/analytics.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { BarChartView, CHART_COLOURS } from '../../../components/charts.tsx';
import { bucketName, bucketTick, csvFileName, periodText, seriesSummary } from '../../../lib/chart-data.ts';
import { formatGBP } from '../../../lib/format.ts';
import type { useAnalytics } from '../api/analytics.ts';
import { BarList } from './BarList.tsx';

type Referrals = ReturnType<typeof useAnalytics<'referrals'>>;
const pounds = (money: string) => toPence(money) / 100;
const typeLabel = (t: string) => LEAD_TYPE_LABELS[t as LeadType] ?? t;
const wins = (n: number) => `${n.toLocaleString('en-GB')} won`;

/** Referrals per bucket stacked by lead type, won value per bucket, and the top partners and industries by won value. */
export function ReferralCharts({ query, range }: { query: Referrals; range: AnalyticsRange }) {
  const period = periodText(range.from, range.to);
  const per = query.data?.bucket ?? 'week';
  const noReferrals = (d: NonNullable<Referrals['data']>) => d.totals.referrals === 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title={`Referrals per ${per}`}
        description="Leads submitted, by lead type"
        query={query}
        what="the referrals"
        isEmpty={noReferrals}
        emptyText="No referrals in this period"
        fileName={csvFileName(`Referrals per ${per}`, range.from, range.to)}
        view={(d) => {
          const rows = d.points.map((p) => ({ period: p.period, ...Object.fromEntries(d.leadTypes.map((t) => [t, p.byType[t] ?? 0])), referrals: p.referrals }));
          return {
            summary: seriesSummary({
              title: `Referrals per ${d.bucket}`,
              period,
              points: d.points.map((p) => ({ name: bucketName(p.period, d.bucket), value: p.referrals })),
            }),
            table: {
              columns: [
                { key: 'period', label: d.bucket === 'week' ? 'Week' : 'Month', format: (v) => bucketName(String(v), d.bucket) },
                ...d.leadTypes.map((t) => ({ key: t, label: typeLabel(t), numeric: true })),
                { key: 'referrals', label: 'Total', numeric: true },
              ],
              rows,
            },
            chart: (
              <BarChartView
                data={rows}
                x="period"
                stacked
                series={d.leadTypes.map((t, i) => ({ key: t, label: typeLabel(t), colour: CHART_COLOURS[i % CHART_COLOURS.length] }))}
                tick={(v) => bucketTick(v, d.bucket)}
                tipLabel={(v) => bucketName(v, d.bucket)}
                title={`Referrals per ${d.bucket}`}
                summary={period}
              />
            ),
          };
        }}
      />
      <ChartCard
        title={`Won value per ${per}`}
        description="Deals closed won, by the day they closed"
        query={query}
        what="the won value"
        isEmpty={(d) => d.totals.won === 0}
        emptyText="No deals won in this period"
        fileName={csvFileName(`Won value per ${per}`, range.from, range.to)}
        view={(d) => {
          const rows = d.points.map((p) => ({ period: p.period, won: p.won, wonValue: p.wonValue, value: pounds(p.wonValue) }));
          return {
            summary: seriesSummary({
              title: `Won value per ${d.bucket}`,
              period,
              points: rows.map((r) => ({ name: bucketName(r.period, d.bucket), value: r.value })),
              format: (n) => formatGBP(n, 2),
            }),
            table: {
              columns: [
                { key: 'period', label: d.bucket === 'week' ? 'Week' : 'Month', format: (v) => bucketName(String(v), d.bucket) },
                { key: 'won', label: 'Deals won', numeric: true },
                { key: 'wonValue', label: 'Won value (£)', numeric: true, format: (v) => formatGBP(String(v), 2) },
              ],
              rows,
            },
            chart: (
              <BarChartView
                data={rows}
                x="period"
                money
                series={[{ key: 'value', label: 'Won value', colour: CHART_COLOURS[1] }]}
                tick={(v) => bucketTick(v, d.bucket)}
                tipLabel={(v) => bucketName(v, d.bucket)}
                title={`Won value per ${d.bucket}`}
                summary={period}
              />
            ),
          };
        }}
      />
      <ChartCard
        title="Top partners"
        description="By won value in the period"
        query={query}
        what="the top partners"
        isEmpty={(d) => d.topPartners.length === 0}
        emptyText="No deals won in this period"
        fileName={csvFileName('Top partners', range.from, range.to)}
        height={0}
        view={(d) => ({
          summary: seriesSummary({
            title: 'Top partners by won value',
            period,
            points: d.topPartners.map((p) => ({ name: p.name, value: pounds(p.wonValue) })),
            format: (n) => formatGBP(n, 2),
            total: false,
          }),
          table: {
            columns: [
              { key: 'name', label: 'Partner' },
              { key: 'won', label: 'Deals won', numeric: true },
              { key: 'wonValue', label: 'Won value (£)', numeric: true, format: (v) => formatGBP(String(v), 2) },
            ],
            rows: d.topPartners.map((p) => ({ name: p.name, won: p.won, wonValue: p.wonValue })),
          },
          chart: <BarList rows={d.topPartners.map((p) => ({ name: p.name, value: pounds(p.wonValue), note: wins(p.won) }))} />,
        })}
      />
      <ChartCard
        title="Top industries"
        description="By won value in the period"
        query={query}
        what="the top industries"
        isEmpty={(d) => d.topIndustries.length === 0}
        emptyText="No deals won in this period"
        fileName={csvFileName('Top industries', range.from, range.to)}
        height={0}
        view={(d) => ({
          summary: seriesSummary({
            title: 'Top industries by won value',
            period,
            points: d.topIndustries.map((p) => ({ name: p.industry, value: pounds(p.wonValue) })),
            format: (n) => formatGBP(n, 2),
            total: false,
          }),
          table: {
            columns: [
              { key: 'industry', label: 'Industry' },
              { key: 'won', label: 'Deals won', numeric: true },
              { key: 'wonValue', label: 'Won value (£)', numeric: true, format: (v) => formatGBP(String(v), 2) },
            ],
            rows: d.topIndustries.map((p) => ({ industry: p.industry, won: p.won, wonValue: p.wonValue })),
          },
          chart: <BarList rows={d.topIndustries.map((p) => ({ name: p.industry, value: pounds(p.wonValue), note: wins(p.won) }))} />,
        })}
      />
    </div>
  );
}
