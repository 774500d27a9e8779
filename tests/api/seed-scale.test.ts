import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadActivityPageSchema, leadPageSchema } from '../../common/schemas/lead.ts';
import { SCALE_PASSWORD, seedScale } from '../../server/db/seed/scale.ts';
import { createTestApp, login, type TestContext } from '../helpers/app.ts';

/**
 * The scale seed at a tiny size: every area of the product gets rows, every row's references lead to rows that
 * exist (the seed may write with foreign keys unchecked), and the figures kept beside the rows (lead and timesheet
 * totals, the leaderboard's, members' points, mentors' mentee counts) agree with the rows, as the product reads them.
 */

let ctx: TestContext;
const SIZE = { members: 200, leads: 2_000 };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedScale(ctx.db, SIZE);
}, 120_000);

afterAll(() => ctx.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await ctx.db.execute(sql`select (${query})::int as n`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0].n);
}

const AREAS = [
  'users',
  'member_applications',
  'leads',
  'lead_activities',
  'placements',
  'timesheets',
  'timesheet_entries',
  'community_posts',
  'post_comments',
  'post_reactions',
  'comment_reactions',
  'member_connections',
  'skill_endorsements',
  'user_achievements',
  'point_transactions',
  'events',
  'event_registrations',
  'chat_channels',
  'chat_channel_members',
  'chat_messages',
  'notifications',
  'audit_log',
  'mentor_profiles',
  'mentorship_requests',
  'mentorship_sessions',
  'mentor_reviews',
  'ceo_messages',
  'outbox',
  'partner_period_stats',
];

describe('scale seed', () => {
  it('fills every area, the members and leads at the size asked', async () => {
    for (const table of AREAS) expect(await count(sql`select count(*) from ${sql.identifier(table)}`), table).toBeGreaterThan(0);
    expect(await count(sql`select count(*) from users where username like 'member%'`)).toBe(SIZE.members);
    expect(await count(sql`select count(*) from leads where company_name like 'Prospect %'`)).toBe(SIZE.leads);
  });

  it('writes commissions paid and pending, one per won lead and one per approved sheet', async () => {
    expect(await count(sql`select count(*) from commissions where status = 'paid'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) from commissions where status = 'pending'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) from commissions where kind = 'closed_won'`)).toBe(await count(sql`select count(*) from leads where status = 'closed-won'`));
    expect(await count(sql`select count(*) from commissions where kind = 'time'`)).toBe(await count(sql`select count(*) from timesheets where status = 'approved'`));
  });

  it('leaves no reference to a row that does not exist', async () => {
    const orphans = {
      leadSubmitter: sql`select count(*) from leads l left join users u on u.id = l.submitter_id where u.id is null`,
      leadEvent: sql`select count(*) from leads l left join events e on e.id = l.source_event_id where l.source_event_id is not null and e.id is null`,
      activityLead: sql`select count(*) from lead_activities a left join leads l on l.id = a.lead_id where l.id is null`,
      commissionLead: sql`select count(*) from commissions c left join leads l on l.id = c.lead_id where l.id is null`,
      commissionPartner: sql`select count(*) from commissions c left join users u on u.id = c.partner_id where u.id is null`,
      placementLead: sql`select count(*) from placements p left join leads l on l.id = p.lead_id and l.status = 'closed-won' where l.id is null`,
      sheetPlacement: sql`select count(*) from timesheets t left join placements p on p.id = t.placement_id where p.id is null`,
      entrySheet: sql`select count(*) from timesheet_entries e left join timesheets t on t.id = e.timesheet_id where t.id is null`,
      postAuthor: sql`select count(*) from community_posts p left join users u on u.id = p.author_id where u.id is null`,
      commentPost: sql`select count(*) from post_comments c left join community_posts p on p.id = c.post_id left join users u on u.id = c.author_id where p.id is null or u.id is null`,
      replyParent: sql`select count(*) from post_comments c left join post_comments t on t.id = c.parent_id and t.post_id = c.post_id and t.parent_id is null where c.parent_id is not null and t.id is null`,
      reactionPost: sql`select count(*) from post_reactions r left join community_posts p on p.id = r.post_id left join users u on u.id = r.user_id where p.id is null or u.id is null`,
      reactionComment: sql`select count(*) from comment_reactions r left join post_comments c on c.id = r.comment_id where c.id is null`,
      connection: sql`select count(*) from member_connections c left join users u on u.id = c.target_user_id and u.account_status = 'approved' where u.id is null`,
      endorsement: sql`select count(*) from skill_endorsements e left join users u on u.id = e.endorsee_id and u.account_status = 'approved' where u.id is null`,
      registration: sql`select count(*) from event_registrations r left join events e on e.id = r.event_id left join users u on u.id = r.user_id where e.id is null or u.id is null`,
      channelMember: sql`select count(*) from chat_channel_members m left join chat_channels c on c.id = m.channel_id left join users u on u.id = m.user_id where c.id is null or u.id is null`,
      messageSender: sql`select count(*) from chat_messages m left join chat_channel_members c on c.channel_id = m.channel_id and c.user_id = m.sender_id where c.user_id is null`,
      notificationUser: sql`select count(*) from notifications n left join users u on u.id = n.user_id where u.id is null`,
      pointsUser: sql`select count(*) from point_transactions p left join users u on u.id = p.user_id where u.id is null`,
      mentee: sql`select count(*) from mentorship_requests r left join users u on u.id = r.mentee_id where u.id is null`,
    };
    for (const [name, query] of Object.entries(orphans)) expect(await count(query), name).toBe(0);
  });

  it('keeps the figures beside the rows in step with them', async () => {
    expect(await count(sql`select sum(n) from lead_status_totals`)).toBe(await count(sql`select count(*) from leads`));
    expect(await count(sql`select (select sum(value) from lead_status_totals) = (select sum(estimated_value) from leads)`)).toBe(1);
    expect(await count(sql`select sum(n) from timesheet_status_totals`)).toBe(await count(sql`select count(*) from timesheets`));
    expect(await count(sql`select sum(leads_submitted) from partner_period_stats where period = 'all'`)).toBe(await count(sql`select count(*) from leads`));
    expect(await count(sql`select count(*) from commissions c join leads l on l.id = c.lead_id where c.lead_submitted_at is distinct from l.created_at`)).toBe(0);
    expect(
      await count(
        sql`select count(*) from users u where u.total_points <> coalesce((select greatest(0, sum(p.points)) from point_transactions p where p.user_id = u.id), 0)`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*) from users where total_points > 0`)).toBeGreaterThan(0);
    // a post without comments was last active when it was written (the seed writes with the insert trigger off)
    expect(await count(sql`select count(*) from community_posts where comment_count = 0 and last_activity_at <> created_at`)).toBe(0);
    // a post's comment count and latest activity are its comments' (none written after now)
    expect(
      await count(
        sql`select count(*) from community_posts p where p.comment_count <> (select count(*) from post_comments c where c.post_id = p.id)
          or p.last_activity_at <> greatest(p.created_at, (select max(c.created_at) from post_comments c where c.post_id = p.id))`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*) from post_comments where created_at > now() or created_at < (select p.created_at from community_posts p where p.id = post_id)`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) from mentor_profiles m where m.current_mentees <> (select count(*) from mentorship_requests r where r.mentor_id = m.user_id and r.status = 'accepted')`,
      ),
    ).toBe(0);
  });

  it('writes the leaderboard figures the database itself rebuilds from the leads and commissions', async () => {
    const figures = async () =>
      ((await ctx.db.execute(sql`select * from partner_period_stats order by partner_id, period, period_start`)) as unknown as { rows: unknown[] }).rows;
    const seeded = await figures();
    await ctx.db.execute(sql`select partner_period_stats_rebuild()`);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded).toEqual(await figures());
  });

  it('serves the benchmark accounts: the administrator sees every lead, each timeline reads by id', async () => {
    const cookie = await login(ctx.app, 'bench.admin', SCALE_PASSWORD);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/leads?status=closed-won', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const page = leadPageSchema.parse(res.json());
    expect(page.total).toBe(await count(sql`select count(*) from leads where status = 'closed-won'`));
    const timeline = await ctx.app.inject({ method: 'GET', url: `/api/lead-activities?leadId=${page.items[0].id}`, headers: { cookie } });
    expect(timeline.statusCode).toBe(200);
    expect(leadActivityPageSchema.parse(timeline.json()).items.map((a) => a.kind)).toEqual(['submitted', 'status_changed']);
    await login(ctx.app, 'bench.partner', SCALE_PASSWORD);
  });

  it('refuses to seed the same database twice', async () => {
    await expect(seedScale(ctx.db, { members: 10, leads: 10 })).rejects.toThrow(/already/);
  });
});
