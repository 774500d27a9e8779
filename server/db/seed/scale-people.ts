import { sql } from 'drizzle-orm';
import { EXPERTISE_OPTIONS, INDUSTRY_OPTIONS } from '../../../common/constants/options.ts';
import { MEETING_PREFERENCES, MENTORSHIP_DURATIONS, MENTORSHIP_STYLES, TIME_COMMITMENTS } from '../../../common/constants/mentoring.ts';
import type { Db } from '../client.ts';
import { BENCH_ADMIN, BENCH_PARTNER, at, member, n, run, sample, uid, type ScaleSize } from './scale-sql.ts';

const CITIES = [
  'London, UK',
  'Manchester, UK',
  'Leeds, UK',
  'Bristol, UK',
  'Edinburgh, UK',
  'Glasgow, UK',
  'Birmingham, UK',
  'Cambridge, UK',
  'Dublin, Ireland',
  'Paris, France',
  'Berlin, Germany',
  'New York, USA',
];
const TITLES = [
  'Chief Executive Officer',
  'CEO',
  'Founder',
  'Chief Financial Officer',
  'Chief Operating Officer',
  'Managing Director',
  'Non-Executive Director',
  'VP Sales',
  'Partner',
  'Head of Strategy',
  'Chief Technology Officer',
  'Director',
];

/**
 * The members: `member1` … `memberN` (every fiftieth a pending applicant, each with an application), and the two
 * accounts the benchmark signs in as, `bench.partner` and `bench.admin`. Answers the rows written.
 */
export async function seedPeople(db: Db, size: ScaleSize, hash: string): Promise<number> {
  let rows = await run(
    db,
    sql`insert into users (id, username, email, password, first_name, last_name, role, account_status, is_active, company, job_title, location, bio,
      industries, expertise, years_experience, membership_tier, email_verified_at, approved_at, applied_at, created_at)
    select ${uid('member', sql`g`)}, 'member' || g, 'member' || g || '@scale.example', ${hash}, 'Member', 'No. ' || g, 'partner',
      case when g % 50 = 0 then 'pending' else 'approved' end, true,
      'Company ' || (g % 2000), ${at(TITLES, sql`g * 7`)}, ${at(CITIES, sql`g * 11`)},
      case when g % 3 = 0 then 'Experienced executive with a long record of board and operating roles across sectors.' end,
      ${sample(INDUSTRY_OPTIONS, sql`g`)}, ${sample(EXPERTISE_OPTIONS, sql`g * 7`)},
      5 + g % 35, case when g % 10 = 0 then 'cp-plus' else 'standard' end, now() - make_interval(days => (g % 700) + 2),
      case when g % 50 <> 0 then now() - make_interval(days => g % 700) end,
      now() - make_interval(days => (g % 700) + 3), now() - make_interval(days => (g % 700) + 3)
    from generate_series(1, ${n(size.members)}) g`,
  );
  rows += await run(
    db,
    sql`insert into users (id, username, email, password, first_name, last_name, role, account_status, company, job_title, location, industries, expertise,
      years_experience, email_verified_at, approved_at)
    values (${BENCH_PARTNER}, 'bench.partner', 'bench.partner@scale.example', ${hash}, 'Bench', 'Partner', 'partner', 'approved', 'Bench Ltd', 'Founder',
        'London, UK', array['Technology','Energy'], array['Consulting'], 15, now(), now()),
      (${BENCH_ADMIN}, 'bench.admin', 'bench.admin@scale.example', ${hash}, 'Bench', 'Admin', 'admin', 'approved', 'Chief Partners', 'Head of Partnerships',
        'London, UK', array['Consulting'], array['Business Development'], 12, now(), now())`,
  );
  // every approved member's application was reviewed by the administrator; the pending ones wait
  rows += await run(
    db,
    sql`insert into member_applications (user_id, company_verified, linkedin_checked, background_verified, reference_checked, risk_assessment,
      reviewed_by, reviewed_at, created_at)
    select ${uid('member', sql`g`)}, g % 50 <> 0, g % 50 <> 0, g % 50 <> 0, g % 50 <> 0, case when g % 50 <> 0 then 'low' end,
      case when g % 50 <> 0 then ${BENCH_ADMIN} end, case when g % 50 <> 0 then now() - make_interval(days => g % 700) end,
      now() - make_interval(days => (g % 700) + 3)
    from generate_series(1, ${n(size.members)}) g`,
  );
  rows += await run(
    db,
    sql`insert into user_onboarding (user_id, has_completed_wizard, wizard_completed_at, current_wizard_step, last_active_date, created_at, updated_at)
    select ${uid('member', sql`g`)}, true, now() - make_interval(days => g % 700), 4, now() - make_interval(days => g % 30),
      now() - make_interval(days => g % 700), now() - make_interval(days => g % 30)
    from generate_series(1, ${n(size.members)}) g where g % 50 <> 0`,
  );
  return rows;
}

/**
 * Mentor matching: every fiftieth member (the seventh of each fifty) is a mentor; each has three requests from the
 * members after them, one accepted (with a session to come), one pending and one completed (a past session and a
 * review). The mentors' mentee counts and ratings are computed from these rows afterwards (scale-totals.ts).
 */
export async function seedMentoring(db: Db, size: ScaleSize): Promise<number> {
  const mentors = sql`generate_series(7, ${n(size.members - 3)}, 50) g`;
  let rows = await run(
    db,
    sql`insert into mentor_profiles (user_id, years_experience, specializations, industries, mentorship_style, availability_hours, max_mentees, bio,
      meeting_preference, hourly_rate, created_at, updated_at)
    select ${uid('member', sql`g`)}, 10 + g % 25, ${sample(EXPERTISE_OPTIONS, sql`g * 3`)}, ${sample(INDUSTRY_OPTIONS, sql`g * 5`)},
      ${at(MENTORSHIP_STYLES, sql`g`)}, 2 + g % 8, 3, 'Mentor with a long record of helping executives grow.', ${at(MEETING_PREFERENCES, sql`g / 50`)},
      case when g % 3 = 0 then 150 end, now() - make_interval(days => g % 600), now() - make_interval(days => g % 60)
    from ${mentors}`,
  );
  const status = sql`(array['accepted', 'pending', 'completed'])[k]`;
  rows += await run(
    db,
    sql`insert into mentorship_requests (id, mentee_id, mentor_id, goal_description, time_commitment, duration, status, created_at, updated_at)
    select ${uid('mreq', sql`g * 3 + k`)}, ${member(sql`g + k`)}, ${uid('member', sql`g`)}, 'Grow my board-level network and sharpen my pitch.',
      ${at(TIME_COMMITMENTS, sql`g + k`)}, ${at(MENTORSHIP_DURATIONS, sql`g + k`)}, ${status},
      now() - make_interval(days => 20 + k * 30), now() - make_interval(days => k * 10)
    from ${mentors}, generate_series(1, 3) k`,
  );
  rows += await run(
    db,
    sql`insert into mentorship_sessions (request_id, scheduled_at, duration, status, mentee_rating, created_at)
    select ${uid('mreq', sql`g * 3 + k`)}, case when k = 1 then now() + make_interval(days => 1 + g % 20) else now() - make_interval(days => 40) end, 60,
      case when k = 1 then 'scheduled' else 'completed' end, case when k = 3 then 4 + g % 2 end, now() - make_interval(days => 50)
    from ${mentors}, generate_series(1, 3, 2) k`,
  );
  rows += await run(
    db,
    sql`insert into mentor_reviews (mentor_id, reviewer_id, request_id, rating, review, created_at)
    select ${uid('member', sql`g`)}, ${member(sql`g + 3`)}, ${uid('mreq', sql`g * 3 + 3`)}, 4 + g % 2, 'Generous with time and very practical.', now() - make_interval(days => 30)
    from ${mentors}`,
  );
  return rows;
}
