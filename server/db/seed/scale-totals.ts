import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { run } from './scale-sql.ts';

/**
 * The figures the product keeps beside its rows, recomputed from all the rows in one statement each, so they are
 * right whether the seed ran with the triggers that keep them or without: the lead and timesheet totals per status
 * (into shard 0), the leaderboard's per-partner figures (migration 0008's rebuild), members' points and levels,
 * and mentors' mentee counts and ratings.
 */
export async function recomputeTotals(db: Db): Promise<void> {
  await run(db, sql`delete from lead_status_totals`);
  await run(
    db,
    sql`insert into lead_status_totals (status, shard, n, value) select status, 0, count(*), coalesce(sum(estimated_value), 0) from leads group by status`,
  );
  await run(db, sql`delete from timesheet_status_totals`);
  await run(db, sql`insert into timesheet_status_totals (status, shard, n) select status, 0, count(*) from timesheets group by status`);
  await run(db, sql`select partner_period_stats_rebuild()`);
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
