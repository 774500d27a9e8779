import type { AnalyticsRange } from '../../../../common/schemas/analytics.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { BarChartView, CHART_COLOURS, LineChartView } from '../../../components/charts.tsx';
import { bucketName, bucketTick, csvFileName, periodText, seriesSummary } from '../../../lib/chart-data.ts';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import type { useAnalytics } from '../api/analytics.ts';

type Q<S extends Parameters<typeof useAnalytics>[0]> = ReturnType<typeof useAnalytics<S>>;
const days = (n: number | null) => (n == null ? 'no decisions yet' : `${n.toLocaleString('en-GB', { maximumFractionDigits: 1 })} days`);

/** Each event of the period with what it brought: registrations, attendance, leads and their won value (a table). */
export function EventsTable({ query, range }: { query: Q<'events'>; range: AnalyticsRange }) {
  const period = periodText(range.from, range.to);
  return (
    <ChartCard
      title="Events"
      description="Events held in the period, most recent first"
      query={query}
      what="the events"
      isEmpty={(d) => d.events.length === 0}
      emptyText="No events in this period"
      fileName={csvFileName('Events', range.from, range.to)}
      tableOnly
      height={0}
      view={(d) => ({
        summary: `Events, ${period}: ${d.totals.events.toLocaleString('en-GB')} held, ${d.totals.registrations.toLocaleString('en-GB')} registrations, ${d.totals.attended.toLocaleString('en-GB')} attended, ${d.totals.leads.toLocaleString('en-GB')} leads worth ${formatGBP(d.totals.wonValue, 2)} won.`,
        table: {
          columns: [
            { key: 'title', label: 'Event' },
            { key: 'date', label: 'Date', format: (v) => formatDate(String(v)) },
            { key: 'registrations', label: 'Registrations', numeric: true },
            { key: 'attended', label: 'Attended', numeric: true },
            { key: 'leads', label: 'Leads', numeric: true },
            { key: 'won', label: 'Won', numeric: true },
            { key: 'wonValue', label: 'Won value (£)', numeric: true, format: (v) => formatGBP(String(v), 2) },
          ],
          rows: d.events.map((e) => ({
            title: e.title,
            date: e.date,
            registrations: e.registrations,
            attended: e.attended,
            leads: e.leads,
            won: e.won,
            wonValue: e.wonValue,
          })),
        },
        chart: null,
      })}
    />
  );
}

/** Community health per week: members active, posts, connections made and endorsements given. */
export function CommunityChart({ query, range }: { query: Q<'community'>; range: AnalyticsRange }) {
  const period = periodText(range.from, range.to);
  return (
    <ChartCard
      title="Community per week"
      description="Active members, posts, connections and endorsements"
      query={query}
      what="the community figures"
      isEmpty={(d) => d.weeks.every((w) => w.activeMembers + w.posts + w.connections + w.endorsements === 0)}
      emptyText="No community activity in this period"
      fileName={csvFileName('Community per week', range.from, range.to)}
      view={(d) => ({
        summary: `${seriesSummary({ title: 'Active members per week', period, points: d.weeks.map((w) => ({ name: bucketName(w.week, 'week'), value: w.activeMembers })), total: false })} On average ${d.totals.weeklyActiveMembers.toLocaleString('en-GB')} members active a week; in all ${d.totals.posts.toLocaleString('en-GB')} posts, ${d.totals.connections.toLocaleString('en-GB')} connections, ${d.totals.endorsements.toLocaleString('en-GB')} endorsements.`,
        table: {
          columns: [
            { key: 'week', label: 'Week', format: (v) => bucketName(String(v), 'week') },
            { key: 'activeMembers', label: 'Active members', numeric: true },
            { key: 'posts', label: 'Posts', numeric: true },
            { key: 'connections', label: 'Connections', numeric: true },
            { key: 'endorsements', label: 'Endorsements', numeric: true },
          ],
          rows: d.weeks,
        },
        chart: (
          <LineChartView
            data={d.weeks}
            x="week"
            series={[
              { key: 'activeMembers', label: 'Active members', colour: CHART_COLOURS[0] },
              { key: 'posts', label: 'Posts', colour: CHART_COLOURS[1] },
              { key: 'connections', label: 'Connections', colour: CHART_COLOURS[2] },
              { key: 'endorsements', label: 'Endorsements', colour: CHART_COLOURS[3] },
            ]}
            tick={(v) => bucketTick(v, 'week')}
            tipLabel={(v) => bucketName(v, 'week')}
            title="Community per week"
            summary={period}
          />
        ),
      })}
    />
  );
}

/** Membership applications received, approved and rejected per bucket, with the median days to a decision. */
export function ApplicationsChart({ query, range }: { query: Q<'applications'>; range: AnalyticsRange }) {
  const period = periodText(range.from, range.to);
  const per = query.data?.bucket ?? 'week';
  const median = query.data?.totals.medianDaysToDecision;
  return (
    <ChartCard
      title={`Applications per ${per}`}
      description={
        query.data ? `Received, and decided by the day of the decision; median ${days(median ?? null)} to a decision` : 'Received, and decided by the day of the decision'
      }
      query={query}
      what="the applications"
      isEmpty={(d) => d.totals.received + d.totals.approved + d.totals.rejected === 0}
      emptyText="No applications in this period"
      fileName={csvFileName(`Applications per ${per}`, range.from, range.to)}
      view={(d) => ({
        summary: `${seriesSummary({ title: `Applications received per ${d.bucket}`, period, points: d.points.map((p) => ({ name: bucketName(p.period, d.bucket), value: p.received })) })} ${d.totals.approved.toLocaleString('en-GB')} approved, ${d.totals.rejected.toLocaleString('en-GB')} rejected.`,
        table: {
          columns: [
            { key: 'period', label: d.bucket === 'week' ? 'Week' : 'Month', format: (v) => bucketName(String(v), d.bucket) },
            { key: 'received', label: 'Received', numeric: true },
            { key: 'approved', label: 'Approved', numeric: true },
            { key: 'rejected', label: 'Rejected', numeric: true },
          ],
          rows: d.points,
        },
        chart: (
          <BarChartView
            data={d.points}
            x="period"
            series={[
              { key: 'received', label: 'Received', colour: CHART_COLOURS[0] },
              { key: 'approved', label: 'Approved', colour: CHART_COLOURS[1] },
              { key: 'rejected', label: 'Rejected', colour: CHART_COLOURS[5] },
            ]}
            tick={(v) => bucketTick(v, d.bucket)}
            tipLabel={(v) => bucketName(v, d.bucket)}
            title={`Applications per ${d.bucket}`}
            summary={period}
          />
        ),
      })}
    />
  );
}
