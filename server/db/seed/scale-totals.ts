import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { run } from './scale-sql.ts';

/**
 * The figures the product keeps beside its rows, recomputed from all the rows in one statement each, so they are
 * right whether the seed ran with the triggers that keep them or without: the lead and timesheet totals per status
 * (into shard 0), the leaderboard's per-partner figures, members' points and levels,
 * mentors' mentee counts and ratings, and the programme analytics' per-day figures (each lead's stage marks from
 * its timeline first; `analytics_rollups_rebuild()`, migration 0040; the community, membership and commission
 * figures, `analytics_people_rebuild()`, migration 0042), and the members' search copy (`member_search_rebuild()`,
 * migration 0046).
 */
export async function recomputeTotals(db: Db): Promise<void> {
  await run(db, sql`delete from lead_status_totals`);
  await run(db, sql`insert into lead_status_totals (status, shard, n, value) select status, 0, count(*), coalesce(sum(estimated_value), 0) from leads group by status`);
  await run(db, sql`delete from timesheet_status_totals`);
  await run(db, sql`insert into timesheet_status_totals (status, shard, n) select status, 0, count(*) from timesheets group by status`);
  // what partner_period_stats_rebuild() (migration 0027) computes, summed by London month first and the months
  // then rolled up into their quarter, year and all time: a few times faster than expanding every row four times
  await run(db, sql`delete from partner_period_stats`);
  await run(
    db,
    sql`insert into partner_period_stats (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    select d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    from (
      select partner_id, date_trunc('month', at at time zone 'Europe/London')::date as m, sum(ds) as ds, sum(dw) as dw, sum(dp) as dp
      from (
        select submitter_id as partner_id, created_at as at, 1 as ds, 0 as dw, 0::bigint as dp from leads
        union all
        select partner_id, lead_submitted_at, 0, (kind = 'closed_won' and (status <> 'cancelled' or superseded_at is not null))::int,
          (case when status <> 'cancelled' then round(amount * 100) else 0 end)::bigint
        from commissions where status <> 'cancelled' or (kind = 'closed_won' and superseded_at is not null)
      ) r
      group by 1, 2
    ) d
    cross join lateral (values ('month', d.m), ('quarter', date_trunc('quarter', d.m)::date), ('year', date_trunc('year', d.m)::date),
      ('all', date '1970-01-01')) p(period, start)
    group by 1, 2, 3`,
  );
  await run(db, sql`select analytics_rollups_rebuild()`);
  await run(db, sql`select analytics_people_rebuild()`);
  await run(db, sql`select analytics_partner_years_rebuild()`);
  await run(db, sql`select analytics_application_days_rebuild()`);
  await run(db, sql`select member_search_rebuild()`);
  await run(
    db,
    sql`update users u set total_points = t.total, current_level = coalesce((select max(l.level_number) from levels l where l.points_required <= t.total), 1)
    from (select user_id, greatest(0, sum(points))::int total from point_transactions group by user_id) t
    where u.id = t.user_id and (u.total_points, u.current_level) is distinct from (t.total, coalesce((select max(l.level_number) from levels l where l.points_required <= t.total), 1))`,
  );
  await run(
    db,
    sql`update mentor_profiles m set current_mentees = coalesce(r.open, 0), rating = coalesce(v.rating, 0), total_reviews = coalesce(v.n, 0)
    from mentor_profiles p
    left join (select mentor_id, count(*) filter (where status = 'accepted')::int open from mentorship_requests group by mentor_id) r on r.mentor_id = p.user_id
    left join (select mentor_id, round(avg(rating), 2) rating, count(*)::int n from mentor_reviews group by mentor_id) v on v.mentor_id = p.user_id
    where m.id = p.id`,
  );
}
