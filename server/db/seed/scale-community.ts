import { sql } from 'drizzle-orm';
import { POST_CATEGORIES } from '../../../common/constants/community.ts';
import { EVENT_CATEGORIES, EVENT_TYPES } from '../../../common/constants/events.ts';
import { EXPERTISE_OPTIONS } from '../../../common/constants/options.ts';
import type { Db } from '../client.ts';
import { eventCount } from './scale-leads.ts';
import { BENCH_ADMIN, BENCH_PARTNER, at, member, memberNo, n, run, uid, type ScaleSize } from './scale-sql.ts';

/**
 * Posts, connections (each approved member with the next three, one in five still pending), endorsements (three
 * given by each member), achievements with their reward points, and point transactions. Members' totals and
 * levels are computed from the transactions afterwards (scale-totals.ts).
 */
export async function seedCommunity(db: Db, size: ScaleSize): Promise<number> {
  let rows = await run(
    db,
    sql`insert into community_posts (id, author_id, title, content, category, created_at, updated_at, last_activity_at)
    select ${uid('post', sql`g`)}, ${member(memberNo(sql`g::bigint * 7919`, size))}, 'Scale post ' || g,
      'A synthetic community post for scale testing, long enough to look like a real update from a member. ' || repeat('Detail. ', 1 + g % 20),
      ${at(POST_CATEGORIES, sql`g`)}, now() - make_interval(secs => g * 600 / ${n(Math.max(1, Math.ceil(size.posts / 50_000)))}),
      now() - make_interval(secs => g * 600 / ${n(Math.max(1, Math.ceil(size.posts / 50_000)))}),
      now() - make_interval(secs => g * 600 / ${n(Math.max(1, Math.ceil(size.posts / 50_000)))})
    from generate_series(1, ${n(size.posts)}) g`,
  );
  rows += await run(
    db,
    sql`insert into member_connections (requester_user_id, target_user_id, status, message, created_at)
    select ${uid('member', sql`i`)}, ${uid('member', sql`i + k`)}, case when (i + k) % 5 = 0 then 'pending' else 'accepted' end, 'Good to connect.',
      now() - make_interval(days => (i + k) % 300)
    from generate_series(1, ${n(size.members - 1)}) i, generate_series(1, 3) k
    where i + k <= ${n(size.members)} and i % 50 <> 0 and (i + k) % 50 <> 0`,
  );
  const endorsee = member(memberNo(sql`i * 31 + k * 97`, size));
  rows += await run(
    db,
    sql`insert into skill_endorsements (endorser_id, endorsee_id, skill_name, created_at)
    select ${uid('member', sql`i`)}, ${endorsee}, ${at(EXPERTISE_OPTIONS, sql`i + k * 5`)}, now() - make_interval(days => (i * k) % 400)
    from generate_series(1, ${n(size.members)}) i, generate_series(1, 3) k
    where i % 50 <> 0 and ${uid('member', sql`i`)} <> ${endorsee}
    on conflict do nothing`,
  );
  // achievements by the achievements' order: each member one, every fourth member a second
  rows += await run(
    db,
    sql`insert into user_achievements (user_id, achievement_id, unlocked_at, seen_at)
    select ${uid('member', sql`i`)}, a.id, now() - make_interval(days => (i % 600) + a.n::int),
      case when a.n % 2 = 0 then now() - make_interval(days => (i % 600) + a.n::int - 1) end
    from generate_series(1, ${n(size.members)}) i
    join (select id, row_number() over (order by name) n, count(*) over () c from achievements) a
      on a.n = 1 + i % a.c or (i % 4 = 0 and a.n = 1 + (i / 4 + 1) % a.c)
    where i % 50 <> 0
    on conflict do nothing`,
  );
  rows += await run(
    db,
    sql`insert into point_transactions (user_id, points, reason, activity_type, reference_id, created_at)
    select ua.user_id, a.points_reward, 'Achievement unlocked: ' || a.name, 'achievement', a.id::text, ua.unlocked_at
    from user_achievements ua join achievements a on a.id = ua.achievement_id
    on conflict do nothing`,
  );
  rows += await run(
    db,
    sql`insert into point_transactions (id, user_id, points, reason, activity_type, reference_id, created_at)
    select ${uid('points', sql`g`)}, ${member(memberNo(sql`g::bigint * 104729`, size))}, (array[10, 25, 5, 2, 5, 5])[1 + g % 6],
      (array['Lead submitted', 'Lead qualified', 'Community post', 'Endorsement given', 'Endorsement received', 'New connection'])[1 + g % 6],
      (array['lead_submitted', 'lead_qualified', 'post_created', 'endorsement_given', 'endorsement_received', 'connection_accepted'])[1 + g % 6],
      'scale-' || g, now() - make_interval(secs => g * 150 / ${n(Math.max(1, Math.ceil(size.pointTransactions / 200_000)))})
    from generate_series(1, ${n(size.pointTransactions)}) g`,
  );
  // days the members used the product: each approved member every other week over the last year (26 days), their
  // weeks staggered, so about half the members are active in any week
  rows += await run(
    db,
    sql`insert into member_active_days (day, user_id)
    select current_date - ((i * 13 + k * 14) % 364)::int, ${uid('member', sql`i`)}
    from generate_series(1, ${n(size.members)}) i, generate_series(1, 26) k
    where i % 50 <> 0
    on conflict do nothing`,
  );
  return rows + (await seedBenchHistory(db, size));
}

/** bench.partner's own history, so the per-member reads have rows to page: connections, posts, achievements, points. */
async function seedBenchHistory(db: Db, size: ScaleSize): Promise<number> {
  let rows = await run(
    db,
    sql`insert into member_connections (requester_user_id, target_user_id, status, created_at)
    select ${BENCH_PARTNER}, ${member(memberNo(sql`k * 97`, size))}, 'accepted', now() - make_interval(days => k) from generate_series(1, 6) k
    on conflict do nothing`,
  );
  rows += await run(
    db,
    sql`insert into community_posts (author_id, title, content, category, created_at, updated_at, last_activity_at)
    select ${BENCH_PARTNER}, 'Bench post ' || g, 'A post by the benchmark partner.', 'discussion', now() - make_interval(hours => g), now() - make_interval(hours => g),
      now() - make_interval(hours => g)
    from generate_series(1, 4) g`,
  );
  rows += await run(
    db,
    sql`insert into user_achievements (user_id, achievement_id, unlocked_at)
    select ${BENCH_PARTNER}, a.id, now() - make_interval(days => 3) from achievements a
    where a.name in ('First Referral', 'Pipeline Builder', 'Voice of the Community')`,
  );
  rows += await run(
    db,
    sql`insert into point_transactions (user_id, points, reason, activity_type, reference_id, created_at)
    select ${BENCH_PARTNER}, a.points_reward, 'Achievement unlocked: ' || a.name, 'achievement', a.id::text, now() - make_interval(days => 3)
    from achievements a where a.name in ('First Referral', 'Pipeline Builder', 'Voice of the Community')
    union all
    select ${BENCH_PARTNER}, 5, 'Community post', 'post_created', 'bench-' || g, now() - make_interval(hours => g * 7) from generate_series(1, 40) g`,
  );
  return rows;
}

/**
 * Events organised by `bench.admin`, one per hundred members, every other week from a year ago to a year ahead
 * (one in twenty cancelled, every third capped at twenty places), each with thirty members registered: past the
 * cap they wait. A hundredth of the leads name one as where they were met.
 */
export async function seedEvents(db: Db, size: ScaleSize): Promise<number> {
  const count = eventCount(size);
  const start = sql`(date_trunc('day', now()) + make_interval(days => ((e * 730) / ${n(count)})::int - 365, hours => 18))`;
  let rows = await run(
    db,
    sql`insert into events (id, organizer_id, title, description, type, category, start_date, end_date, timezone, location, meeting_link, max_attendees,
      registration_deadline, fee, tags, status, created_at, updated_at)
    select ${uid('event', sql`e`)}, ${BENCH_ADMIN}, 'Scale event ' || e, 'An evening for members to meet and trade introductions. Event number ' || e || '.',
      ${at(EVENT_TYPES, sql`e`)}, ${at(EVENT_CATEGORIES, sql`e / 3`)}, ${start}, ${start} + interval '2 hours', 'Europe/London',
      case when e % 3 <> 0 then 'London, UK' end, case when e % 3 <> 1 then 'https://meet.example/scale-' || e end,
      case when e % 3 = 0 then 20 end, ${start} - interval '1 day', case when e % 4 = 0 then 25 end, array['scale', 'networking'],
      case when e % 20 = 0 then 'cancelled' else 'active' end, ${start} - interval '30 days', ${start} - interval '30 days'
    from generate_series(1, ${n(count)}) e`,
  );
  rows += await run(
    db,
    sql`insert into event_registrations (event_id, user_id, status, registration_date, payment_status, payment_amount, attendance_confirmed, created_at)
    select ${uid('event', sql`e`)}, ${member(memberNo(sql`e * 37 + j`, size))}, case when e % 3 = 0 and j > 20 then 'waitlisted' else 'registered' end,
      now() - make_interval(days => greatest(1, 385 - ((e * 730) / ${n(count)})::int), mins => j), case when e % 4 = 0 then 'paid' end,
      case when e % 4 = 0 then 25 end, (e * 730) / ${n(count)} < 365 and j % 3 <> 0, now() - make_interval(days => greatest(1, 385 - ((e * 730) / ${n(count)})::int), mins => j)
    from generate_series(1, ${n(count)}) e, generate_series(1, 30) j
    on conflict do nothing`,
  );
  return rows;
}
