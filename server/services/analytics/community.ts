import { sql } from 'drizzle-orm';
import type { AnalyticsRange, CommunityAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsActiveWeeks, analyticsCommunityDays, memberActiveDays } from '../../db/schema/index.ts';
import { bucketStarts, envelopeOf, int, periodOf, rows } from './range.ts';

interface WeekRow {
  week: string;
  whole: boolean;
  active_members: number;
  posts: number;
  connections: number;
  endorsements: number;
}

/**
 * Each week (Monday first) of London days `from`..`to`, counting only its days inside them: the members active in
 * it (a session used that day), posts written, connections accepted (by the day they were asked: a connection keeps
 * no acceptance time) and endorsements given. All read from the trigger-kept figures (migration 0042): a whole week's
 * active members from its count, a week cut by the period's edge from its few days.
 */
async function weeksOf(db: Db, from: string, to: string) {
  return rows<WeekRow>(
    db,
    sql`select w.week::text as week, w.whole,
        (case when w.whole then coalesce((select a.members from ${analyticsActiveWeeks} a where a.week = w.week), 0)
          else (select count(distinct d.user_id) from ${memberActiveDays} d where d.day between w.d0 and w.d1) end)::int as active_members,
        coalesce(c.posts, 0)::int as posts, coalesce(c.connections, 0)::int as connections, coalesce(c.endorsements, 0)::int as endorsements
      from (
        select x.week, x.d0, x.d1, x.d0 = x.week and x.d1 = x.week + 6 as whole
        from (
          select g.t::date as week, greatest(g.t::date, ${from}::date) as d0, least(g.t::date + 6, ${to}::date) as d1
          from generate_series(date_trunc('week', ${from}::date::timestamp), ${to}::date::timestamp, interval '1 week') g(t)
        ) x
      ) w
      left join lateral (
        select sum(d.posts) as posts, sum(d.connections) as connections, sum(d.endorsements) as endorsements
        from ${analyticsCommunityDays} d where d.day between w.d0 and w.d1
      ) c on true
      order by w.week`,
  );
}

/**
 * A span's figures from its weeks: posts, connections and endorsements summed; its weekly active members are the
 * average over the weeks wholly inside it (a count of distinct members over a long period would read every active
 * day of it), or, for a span holding no whole week, the members active in it.
 */
async function totalsOf(db: Db, weeks: WeekRow[], from: string, to: string) {
  const whole = weeks.filter((w) => w.whole);
  let weeklyActiveMembers: number;
  if (whole.length > 0) weeklyActiveMembers = Math.round(whole.reduce((a, w) => a + int(w.active_members), 0) / whole.length);
  else {
    const [r] = await rows<{ n: number }>(db, sql`select count(distinct user_id)::int as n from ${memberActiveDays} where day between ${from}::date and ${to}::date`);
    weeklyActiveMembers = int(r?.n);
  }
  const sum = (f: (w: WeekRow) => number) => weeks.reduce((a, w) => a + int(f(w)), 0);
  return { weeklyActiveMembers, posts: sum((w) => w.posts), connections: sum((w) => w.connections), endorsements: sum((w) => w.endorsements) };
}

export async function communityAnalytics(db: Db, range: AnalyticsRange): Promise<CommunityAnalytics> {
  const p = periodOf(range);
  const [current, before] = await Promise.all([weeksOf(db, p.from, p.to), weeksOf(db, p.previousFrom, p.previousTo)]);
  const [totals, previous] = await Promise.all([totalsOf(db, current, p.from, p.to), totalsOf(db, before, p.previousFrom, p.previousTo)]);
  const byWeek = new Map(current.map((w) => [w.week, w]));
  const weeks = bucketStarts(p.from, p.to, 'week').map((week) => {
    const w = byWeek.get(week);
    return { week, activeMembers: int(w?.active_members), posts: int(w?.posts), connections: int(w?.connections), endorsements: int(w?.endorsements) };
  });
  return { ...envelopeOf(p), weeks, totals, previous };
}
