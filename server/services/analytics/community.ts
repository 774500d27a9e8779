import { sql } from 'drizzle-orm';
import type { AnalyticsRange, CommunityAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { communityPosts, memberActiveDays, memberConnections, skillEndorsements } from '../../db/schema/index.ts';
import { bucketStarts, envelopeOf, int, periodOf, rows, withinDays } from './range.ts';

/** The instant a London day given as a SQL date starts. */
const dayStart = (day: ReturnType<typeof sql>) => sql`(${day})::timestamp at time zone 'Europe/London'`;

/**
 * One span of days' community figures: members active at least once (a session used that day, `member_active_days`),
 * posts written, connections accepted (by the day they were asked: a connection keeps no acceptance time) and
 * endorsements given. Read live through each table's index on its day or time.
 */
const spanFigures = (from: string, to: string) => sql`
  (select count(distinct user_id) from ${memberActiveDays} where day between ${from}::date and ${to}::date)::int as active_members,
  (select count(*) from ${communityPosts} p where ${withinDays(sql`p.created_at`, from, to)})::int as posts,
  (select count(*) from ${memberConnections} c where c.status = 'accepted' and ${withinDays(sql`c.created_at`, from, to)})::int as connections,
  (select count(*) from ${skillEndorsements} e where ${withinDays(sql`e.created_at`, from, to)})::int as endorsements`;

interface Figures {
  active_members: number;
  posts: number;
  connections: number;
  endorsements: number;
}

async function figures(db: Db, from: string, to: string) {
  const [r] = await rows<Figures>(db, sql`select ${spanFigures(from, to)}`);
  return { activeMembers: int(r?.active_members), posts: int(r?.posts), connections: int(r?.connections), endorsements: int(r?.endorsements) };
}

export async function communityAnalytics(db: Db, range: AnalyticsRange): Promise<CommunityAnalytics> {
  const p = periodOf(range);
  const [perWeek, totals, previous] = await Promise.all([
    // each week counts only its days inside the period, in one statement
    rows<Figures & { week: string }>(
      db,
      sql`select w.week::text as week, f.* from (
          select week, greatest(week, ${p.from}::date) as d0, least(week + 6, ${p.to}::date) as d1
          from generate_series(date_trunc('week', ${p.from}::date::timestamp), ${p.to}::date::timestamp, interval '1 week') g(t)
          cross join lateral (select g.t::date as week) x
        ) w
        cross join lateral (
          select (select count(distinct user_id) from ${memberActiveDays} where day between w.d0 and w.d1)::int as active_members,
            (select count(*) from ${communityPosts} p where p.created_at >= ${dayStart(sql`w.d0`)} and p.created_at < ${dayStart(sql`w.d1 + 1`)})::int as posts,
            (select count(*) from ${memberConnections} c where c.status = 'accepted' and c.created_at >= ${dayStart(sql`w.d0`)} and c.created_at < ${dayStart(sql`w.d1 + 1`)})::int as connections,
            (select count(*) from ${skillEndorsements} e where e.created_at >= ${dayStart(sql`w.d0`)} and e.created_at < ${dayStart(sql`w.d1 + 1`)})::int as endorsements
        ) f
        order by w.week`,
    ),
    figures(db, p.from, p.to),
    figures(db, p.previousFrom, p.previousTo),
  ]);
  const byWeek = new Map(perWeek.map((w) => [w.week, w]));
  const weeks = bucketStarts(p.from, p.to, 'week').map((week) => {
    const w = byWeek.get(week);
    return { week, activeMembers: int(w?.active_members), posts: int(w?.posts), connections: int(w?.connections), endorsements: int(w?.endorsements) };
  });
  return { ...envelopeOf(p), weeks, totals, previous };
}
