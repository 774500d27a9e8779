import { sql } from 'drizzle-orm';
import type { AnalyticsRange, ApplicationAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { memberApplications } from '../../db/schema/index.ts';
import { bucketSql, bucketStarts, envelopeOf, int, londonDay, periodOf, rows, withinDays } from './range.ts';

/**
 * Membership applications (a `member_applications` row each) received per bucket by the day received, and the
 * decisions made per bucket by the day decided: approved or rejected, by the member's approval and rejection times
 * that each application carries (copied by triggers, migration 0042). Read from that one table through its indexes
 * on the three times.
 */
async function perBucket(db: Db, from: string, to: string, bucket: 'week' | 'month') {
  return rows<{ period: string; received: number; approved: number; rejected: number }>(
    db,
    sql`select period, sum(received)::int as received, sum(approved)::int as approved, sum(rejected)::int as rejected from (
        select ${bucketSql(londonDay(sql`a.created_at`), bucket)} as period, 1 as received, 0 as approved, 0 as rejected
        from ${memberApplications} a where ${withinDays(sql`a.created_at`, from, to)}
        union all
        select ${bucketSql(londonDay(sql`a.approved_at`), bucket)}, 0, 1, 0 from ${memberApplications} a where ${withinDays(sql`a.approved_at`, from, to)}
        union all
        select ${bucketSql(londonDay(sql`a.rejected_at`), bucket)}, 0, 0, 1 from ${memberApplications} a where ${withinDays(sql`a.rejected_at`, from, to)}
      ) d group by period`,
  );
}

/** Received, approved and rejected in a span, and the median days from application to decision over its decisions. */
async function totals(db: Db, from: string, to: string) {
  const [r] = await rows<{ received: number; approved: number; rejected: number; median: number | string | null }>(
    db,
    sql`select
        (select count(*) from ${memberApplications} a where ${withinDays(sql`a.created_at`, from, to)})::int as received,
        count(*) filter (where d.approved)::int as approved, count(*) filter (where not d.approved)::int as rejected,
        percentile_cont(0.5) within group (order by d.days) as median
      from (
        select true as approved, extract(epoch from a.approved_at - a.created_at) / 86400 as days
        from ${memberApplications} a where ${withinDays(sql`a.approved_at`, from, to)}
        union all
        select false, extract(epoch from a.rejected_at - a.created_at) / 86400
        from ${memberApplications} a where ${withinDays(sql`a.rejected_at`, from, to)}
      ) d`,
  );
  const median = r?.median == null ? null : Math.round(Math.max(0, Number(r.median)) * 10) / 10;
  return { received: int(r?.received), approved: int(r?.approved), rejected: int(r?.rejected), medianDaysToDecision: median };
}

export async function applicationAnalytics(db: Db, range: AnalyticsRange): Promise<ApplicationAnalytics> {
  const p = periodOf(range);
  const [points, current, previous] = await Promise.all([perBucket(db, p.from, p.to, p.bucket), totals(db, p.from, p.to), totals(db, p.previousFrom, p.previousTo)]);
  const byPeriod = new Map(points.map((x) => [x.period, x]));
  return {
    ...envelopeOf(p),
    bucket: p.bucket,
    points: bucketStarts(p.from, p.to, p.bucket).map((period) => {
      const x = byPeriod.get(period);
      return { period, received: int(x?.received), approved: int(x?.approved), rejected: int(x?.rejected) };
    }),
    totals: current,
    previous,
  };
}
