import { sql } from 'drizzle-orm';
import type { AnalyticsRange, ApplicationAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsApplicationDays, memberApplications } from '../../db/schema/index.ts';
import { bucketSql, bucketStarts, envelopeOf, int, periodOf, rows, withinDays } from './range.ts';

/**
 * Membership applications (a `member_applications` row each) received per bucket by the day received, and the
 * decisions made per bucket by the day decided (approved or rejected), from the per-day figures a trigger keeps
 * (migration 0044).
 */
async function perBucket(db: Db, from: string, to: string, bucket: 'week' | 'month') {
  return rows<{ period: string; received: number; approved: number; rejected: number }>(
    db,
    sql`select ${bucketSql(sql`day`, bucket)} as period, sum(received)::int as received, sum(approved)::int as approved, sum(rejected)::int as rejected
      from ${analyticsApplicationDays} where day between ${from}::date and ${to}::date group by 1`,
  );
}

/**
 * Received, approved and rejected in a span (from the per-day figures), and the median days from application to
 * decision over its decisions, from the decision times each application carries (migration 0042) through their
 * indexes.
 */
async function totals(db: Db, from: string, to: string) {
  const [r] = await rows<{ received: number; approved: number; rejected: number; median: number | string | null }>(
    db,
    sql`select
        (select coalesce(sum(received), 0) from ${analyticsApplicationDays} where day between ${from}::date and ${to}::date)::int as received,
        (select coalesce(sum(approved), 0) from ${analyticsApplicationDays} where day between ${from}::date and ${to}::date)::int as approved,
        (select coalesce(sum(rejected), 0) from ${analyticsApplicationDays} where day between ${from}::date and ${to}::date)::int as rejected,
        (select percentile_cont(0.5) within group (order by d.days) from (
          select extract(epoch from a.approved_at - a.created_at) / 86400 as days
          from ${memberApplications} a where ${withinDays(sql`a.approved_at`, from, to)}
          union all
          select extract(epoch from a.rejected_at - a.created_at) / 86400
          from ${memberApplications} a where ${withinDays(sql`a.rejected_at`, from, to)}
        ) d) as median`,
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
