import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { EXPERTISE_OPTIONS, INDUSTRY_OPTIONS } from '../../../common/constants/options.ts';
import { LEAD_INDUSTRIES } from '../../../common/constants/leads.ts';
import { POST_CATEGORIES } from '../../../common/constants/community.ts';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { migrateDatabase, openDatabase, type Db } from '../client.ts';

export const SCALE_PASSWORD = 'ScalePass123!';
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
const STATUSES = ['submitted', 'submitted', 'reviewing', 'qualified', 'in-progress', 'closed-won', 'closed-lost'];

const arr = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const pick = (values: readonly string[]) => sql`(${arr(values)})[1 + floor(random() * ${values.length})::int]`;
/** 1–3 distinct values of a list, as a text[] (random sample per row). */
const sample = (values: readonly string[], seed: SQL) =>
  sql`array(select v from unnest(${arr(values)}) v order by md5(v || ${seed}::text) limit 1 + (abs(hashtext(${seed}::text)) % 3))`;
type SQL = ReturnType<typeof sql>;

/**
 * Fills a database with many members and leads in a few set-based statements (generate_series), so 10,000
 * members and 200,000 leads take seconds, not hours. Adds `bench.partner` (50 leads) and `bench.admin`.
 */
export async function seedScale(db: Db, opts: { members: number; leads: number; posts?: number; pointTransactions?: number }) {
  const hash = await hashPassword(SCALE_PASSWORD);
  const t0 = Date.now();
  await db.execute(sql`
    insert into users (username, email, password, first_name, last_name, role, account_status, is_active, company, job_title, location, bio,
      industries, expertise, years_experience, membership_tier, approved_at, applied_at, created_at)
    select 'member' || g, 'member' || g || '@scale.example', ${hash}, 'Member', 'No. ' || g, 'partner',
      case when g % 50 = 0 then 'pending' else 'approved' end, true,
      'Company ' || (g % 2000), ${pick(TITLES)}, ${pick(CITIES)},
      case when g % 3 = 0 then 'Experienced executive with a long record of board and operating roles across sectors.' else null end,
      ${sample(INDUSTRY_OPTIONS, sql`g`)}, ${sample(EXPERTISE_OPTIONS, sql`(g * 7)`)},
      5 + (g % 35), case when g % 10 = 0 then 'cp-plus' else 'standard' end,
      now() - make_interval(days => g % 700), now() - make_interval(days => (g % 700) + 3), now() - make_interval(days => (g % 700) + 3)
    from generate_series(1, ${opts.members}) g
    on conflict do nothing`);
  await db.execute(sql`insert into member_applications (user_id) select id from users where email like '%@scale.example' on conflict do nothing`);
  const t1 = Date.now();
  await db.execute(sql`
    with m as (select array_agg(id order by id) ids from users where email like '%@scale.example' and account_status = 'approved')
    insert into leads (submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description, estimated_value,
      urgency, relationship_strength, status, company_key, contact_domain, created_at, updated_at)
    select m.ids[1 + (g % array_length(m.ids, 1))], (array['interim','advisory','recruitment'])[1 + g % 3],
      'Prospect ' || g || ' Ltd', ${pick(LEAD_INDUSTRIES)}, 'Contact ' || g, 'contact' || g || '@prospect' || (g % 5000) || '.example',
      'Synthetic lead for scale testing.', round((1000 + random() * 60000)::numeric, 2),
      (array['high','medium','low'])[1 + g % 3], (array['strong','medium','weak'])[1 + (g / 3) % 3],
      ${pick(STATUSES)}, 'prospect ' || g, 'prospect' || (g % 5000) || '.example',
      now() - make_interval(days => g % 365, secs => g % 86400), now() - make_interval(days => g % 365)
    from generate_series(1, ${opts.leads}) g, m`);
  await db.execute(
    sql`insert into lead_activities (lead_id, user_id, activity, created_at, kind, to_status) select id, submitter_id, 'Lead submitted', created_at, 'submitted', 'submitted' from leads where company_name like 'Prospect %'`,
  );
  await db.execute(sql`
    insert into commissions (lead_id, partner_id, amount, rate, status, created_at, paid_at, basis, month)
    select id, submitter_id, round(estimated_value * 0.2, 2), 0.2000, case when created_at < now() - interval '60 days' then 'paid' else 'pending' end, updated_at,
      case when created_at < now() - interval '60 days' then updated_at + interval '30 days' end,
      estimated_value, date_trunc('month', updated_at at time zone 'Europe/London')::date
    from leads where status = 'closed-won' and company_name like 'Prospect %'`);
  const t2 = Date.now();
  // the accounts the benchmark signs in as
  await db.execute(sql`
    insert into users (username, email, password, first_name, last_name, role, account_status, company, job_title, location, industries, expertise, years_experience, approved_at)
    values ('bench.partner', 'bench.partner@scale.example', ${hash}, 'Bench', 'Partner', 'partner', 'approved', 'Bench Ltd', 'Founder', 'London, UK', array['Technology','Energy'], array['Consulting'], 15, now()),
           ('bench.admin', 'bench.admin@scale.example', ${hash}, 'Bench', 'Admin', 'admin', 'approved', 'Chief Partners', 'Head of Partnerships', 'London, UK', array['Consulting'], array['Business Development'], 12, now())
    on conflict do nothing`);
  await db.execute(sql`
    insert into leads (submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description, estimated_value, status, company_key, contact_domain, created_at, updated_at)
    select (select id from users where username = 'bench.partner'), 'advisory', 'Bench Prospect ' || g, 'Technology', 'Contact ' || g, 'c' || g || '@bench' || g || '.example',
      'Benchmark lead.', 5000 + g * 100, (array['submitted','reviewing','qualified','in-progress','closed-lost'])[1 + g % 5], 'bench prospect ' || g, 'bench' || g || '.example',
      now() - make_interval(days => g), now() - make_interval(days => g)
    from generate_series(1, 50) g
    where not exists (select 1 from leads where company_name = 'Bench Prospect 1')`);
  const t3 = Date.now();
  await seedCommunityScale(db, { posts: opts.posts ?? 50_000, pointTransactions: opts.pointTransactions ?? 200_000 });
  const t4 = Date.now();
  await db.execute(sql`analyze`);
  return { membersMs: t1 - t0, leadsMs: t2 - t1, communityMs: t4 - t3, totalMs: Date.now() - t0 };
}

/**
 * The community and points at scale, set-based: posts, accepted connections (each member with the next three),
 * endorsements, achievements earned (with their reward transactions) and point transactions, then each member's
 * total and level recomputed from the transactions in one statement. `bench.partner` gets a busy history of its
 * own (40 transactions, three achievements, connections, posts) so the per-member reads have rows to page.
 */
export async function seedCommunityScale(db: Db, opts: { posts: number; pointTransactions: number }) {
  const members = sql`(select array_agg(id order by id) ids from users where email like '%@scale.example' and account_status = 'approved')`;
  await db.execute(sql`
    with m as ${members}
    insert into community_posts (author_id, title, content, category, created_at, updated_at)
    select m.ids[1 + (g::bigint * 7919) % array_length(m.ids, 1)], 'Scale post ' || g,
      'A synthetic community post for scale testing, long enough to look like a real update from a member. ' || repeat('Detail. ', 1 + g % 20),
      ${pick(POST_CATEGORIES)}, now() - make_interval(secs => g * 600), now() - make_interval(secs => g * 600)
    from generate_series(1, ${opts.posts}) g, m`);
  await db.execute(sql`
    with m as ${members}
    insert into member_connections (requester_user_id, target_user_id, status, message, created_at)
    select m.ids[i], m.ids[i + k], case when (i + k) % 5 = 0 then 'pending' else 'accepted' end, 'Good to connect.', now() - make_interval(days => (i + k) % 300)
    from m, generate_series(1, array_length(m.ids, 1) - 3) i, generate_series(1, 3) k
    on conflict do nothing`);
  await db.execute(sql`
    with m as ${members}
    insert into skill_endorsements (endorser_id, endorsee_id, skill_name, message, created_at)
    select m.ids[i], m.ids[1 + (i * 31 + k * 97) % array_length(m.ids, 1)], ${pick(EXPERTISE_OPTIONS)}, null, now() - make_interval(days => (i * k) % 400)
    from m, generate_series(1, array_length(m.ids, 1)) i, generate_series(1, 3) k
    where m.ids[i] <> m.ids[1 + (i * 31 + k * 97) % array_length(m.ids, 1)]
    on conflict do nothing`);
  // achievements: every member with a lead earned First Referral; every fourth one more, by the achievements' order
  await db.execute(sql`
    insert into user_achievements (user_id, achievement_id, unlocked_at, seen_at)
    select u.id, a.id, u.created_at + make_interval(days => (1 + a.n)::int), case when a.n % 2 = 0 then u.created_at + make_interval(days => (2 + a.n)::int) end
    from (select id, created_at, row_number() over (order by id) r from users where email like '%@scale.example' and account_status = 'approved') u
    join (select id, row_number() over (order by name) n from achievements) a on a.n = 1 + (u.r % 12) or (u.r % 4 = 0 and a.n = 1 + ((u.r / 4) % 12))
    on conflict do nothing`);
  await db.execute(sql`
    insert into point_transactions (user_id, points, reason, activity_type, reference_id, created_at)
    select ua.user_id, a.points_reward, 'Achievement unlocked: ' || a.name, 'achievement', a.id::text, ua.unlocked_at
    from user_achievements ua join achievements a on a.id = ua.achievement_id
    on conflict do nothing`);
  await db.execute(sql`
    with m as ${members}
    insert into point_transactions (user_id, points, reason, activity_type, reference_id, created_at)
    select m.ids[1 + (g::bigint * 104729) % array_length(m.ids, 1)], (array[10, 25, 5, 2, 5, 5])[1 + g % 6],
      (array['Lead submitted', 'Lead qualified', 'Community post', 'Endorsement given', 'Endorsement received', 'New connection'])[1 + g % 6],
      (array['lead_submitted', 'lead_qualified', 'post_created', 'endorsement_given', 'endorsement_received', 'connection_accepted'])[1 + g % 6],
      'scale-' || g, now() - make_interval(secs => g * 150)
    from generate_series(1, ${opts.pointTransactions}) g, m`);
  // bench.partner's own history
  await db.execute(sql`
    with b as (select id from users where username = 'bench.partner'), m as ${members}
    insert into member_connections (requester_user_id, target_user_id, status, created_at)
    select b.id, m.ids[k * 97], 'accepted', now() - make_interval(days => k) from b, m, generate_series(1, 6) k
    on conflict do nothing`);
  await db.execute(sql`
    insert into community_posts (author_id, title, content, category, created_at, updated_at)
    select id, 'Bench post ' || g, 'A post by the benchmark partner.', 'discussion', now() - make_interval(hours => g), now() - make_interval(hours => g)
    from users, generate_series(1, 4) g where username = 'bench.partner'
    and not exists (select 1 from community_posts where title = 'Bench post 1')`);
  await db.execute(sql`
    insert into user_achievements (user_id, achievement_id, unlocked_at)
    select u.id, a.id, now() - make_interval(days => 3) from users u, achievements a
    where u.username = 'bench.partner' and a.name in ('First Referral', 'Pipeline Builder', 'Voice of the Community')
    on conflict do nothing`);
  await db.execute(sql`
    insert into point_transactions (user_id, points, reason, activity_type, reference_id, created_at)
    select u.id, 5, 'Community post', 'post_created', 'bench-' || g, now() - make_interval(hours => g * 7) from users u, generate_series(1, 40) g
    where u.username = 'bench.partner'
    on conflict do nothing`);
  // totals and levels from the transactions
  await db.execute(sql`
    update users u set total_points = t.total,
      current_level = coalesce((select max(l.level_number) from levels l where l.points_required <= t.total), 1)
    from (select user_id, greatest(0, sum(points))::int total from point_transactions group by user_id) t
    where u.id = t.user_id`);
}

async function main() {
  const { values } = parseArgs({ options: { members: { type: 'string', default: '10000' }, leads: { type: 'string', default: '200000' } } });
  const members = Number(values.members);
  const leadCount = Number(values.leads);
  if (!Number.isInteger(members) || members < 1 || !Number.isInteger(leadCount) || leadCount < 0) {
    console.error('Usage: npm run seed:scale -- --members 10000 --leads 200000');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const t = await seedScale(database.db, { members, leads: leadCount });
    console.log(
      `Seeded ${members} members in ${(t.membersMs / 1000).toFixed(1)} s, ${leadCount} leads in ${(t.leadsMs / 1000).toFixed(1)} s, posts, connections, endorsements, achievements and points in ${(t.communityMs / 1000).toFixed(1)} s (total ${(t.totalMs / 1000).toFixed(1)} s) on ${database.kind}.`,
    );
    console.log(`Benchmark accounts: bench.partner and bench.admin, password ${SCALE_PASSWORD}`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
