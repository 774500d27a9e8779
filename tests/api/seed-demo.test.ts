import { eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../../common/constants/options.ts';
import { communityAnalyticsSchema } from '../../common/schemas/analytics.ts';
import { adminOverviewSchema } from '../../common/schemas/admin.ts';
import { chatChannelPageSchema, chatMessagePageSchema } from '../../common/schemas/chat.ts';
import { commissionPageSchema } from '../../common/schemas/commission.ts';
import { postPageSchema, userEndorsementsSchema } from '../../common/schemas/community.ts';
import { commentPageSchema } from '../../common/schemas/conversations.ts';
import { pointsSchema } from '../../common/schemas/gamification.ts';
import { leadActivityPageSchema, leadPageSchema } from '../../common/schemas/lead.ts';
import { leadCommentPageSchema } from '../../common/schemas/lead-comments.ts';
import { notificationPageSchema } from '../../common/schemas/notifications.ts';
import { placementPageSchema, timesheetPageSchema } from '../../common/schemas/timesheets.ts';
import {
  chatMessages,
  commissions,
  eventRegistrations,
  events,
  leadActivities,
  leads,
  memberApplications,
  memberConnections,
  payoutLines,
  payoutRuns,
  pointTransactions,
  users,
} from '../../server/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo, type DemoSeedResult } from '../../server/db/seed/demo-seed.ts';
import { createTestApp, login, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';

/** `npm run seed:demo` promises a living product: every screen has something real in it, and a rerun adds nothing. */

const DAY = 86_400_000;
const londonMonth = (d: Date) => d.toLocaleDateString('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' });

let ctx: TestContext;
let now: Date;
let first: DemoSeedResult;
let second: DemoSeedResult;
let afterFirst: Record<string, string>;
let afterSecond: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  now = new Date();
  first = await seedDemo(ctx.db, now, ctx.app.ctx.storage, ctx.config.payoutKey);
  afterFirst = await snapshotTables(ctx.db, []);
  second = await seedDemo(ctx.db, new Date(now.getTime() + 60_000));
  afterSecond = await snapshotTables(ctx.db, []);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the demo seed', () => {
  it('adds members, leads, connections, posts, endorsements and mentors once, and nothing on the second run', () => {
    expect(first.members).toBeGreaterThanOrEqual(10);
    expect(first.leads).toBeGreaterThanOrEqual(12);
    expect(first.connections).toBeGreaterThanOrEqual(4);
    expect(first.posts).toBeGreaterThanOrEqual(6);
    expect(first.endorsements).toBeGreaterThanOrEqual(6);
    expect(first.mentors).toBeGreaterThanOrEqual(3);
    expect(first.pictures).toBeGreaterThanOrEqual(5);
    expect(first.events).toBeGreaterThanOrEqual(5);
    expect(first.chatMessages).toBeGreaterThanOrEqual(30);
    expect(first.timesheets).toBeGreaterThanOrEqual(10);
    expect(second).toEqual({
      members: 0,
      leads: 0,
      connections: 0,
      posts: 0,
      comments: 0,
      leadMessages: 0,
      endorsements: 0,
      mentors: 0,
      events: 0,
      chatMessages: 0,
      timesheets: 0,
      pictures: 0,
    });
    expect(afterSecond).toEqual(afterFirst);
  });

  it('has leads in every status, spread over about six months before now', async () => {
    const rows = await ctx.db.select().from(leads);
    expect(new Set(rows.map((l) => l.status))).toEqual(new Set(LEAD_STATUSES));
    const created = rows.map((l) => l.createdAt.getTime());
    expect(Math.max(...created)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...created)).toBeGreaterThan(now.getTime() - 220 * DAY);
    expect(Math.min(...created)).toBeLessThan(now.getTime() - 150 * DAY);
  });

  it('gives each lead its timeline: submitted first, then one entry per move, the last one its status', async () => {
    const rows = await ctx.db.select().from(leads);
    const acts = await ctx.db
      .select()
      .from(leadActivities)
      .where(
        inArray(
          leadActivities.leadId,
          rows.map((l) => l.id),
        ),
      );
    for (const lead of rows) {
      const mine = acts.filter((a) => a.leadId === lead.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      expect(mine[0]).toMatchObject({ kind: 'submitted', toStatus: 'submitted' });
      expect(mine[0].createdAt).toEqual(lead.createdAt);
      expect(mine.at(-1)!.toStatus).toBe(lead.status);
      expect(mine.at(-1)!.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('has commissions paid and pending, and a partner whose month crosses a tier (two rates in one month)', async () => {
    const rows = await ctx.db.select().from(commissions).where(ne(commissions.status, 'cancelled'));
    expect(rows.some((c) => c.status === 'paid' && c.paidAt && c.paidAt <= now)).toBe(true);
    expect(rows.some((c) => c.status === 'pending')).toBe(true);
    const months = new Map<string, Set<string>>();
    for (const c of rows) {
      const key = `${c.partnerId} ${londonMonth(c.createdAt)}`;
      months.set(key, (months.get(key) ?? new Set()).add(c.rate));
    }
    expect([...months.values()].filter((rates) => rates.size > 1).length).toBeGreaterThanOrEqual(2);
  });

  it('gives most approved members a portrait stored through the upload path, and leaves some with their initials', async () => {
    const approved = await ctx.db.select().from(users).where(eq(users.accountStatus, 'approved'));
    const withPicture = approved.filter((u) => u.profilePicture);
    expect(first.pictures).toBe(withPicture.length);
    expect(withPicture.length).toBeGreaterThan(approved.length / 2);
    expect(withPicture.length).toBeLessThan(approved.length);
    const api = client(ctx.app, await login(ctx.app, 'priya.raman', DEMO_PASSWORD));
    const res = await api.get(withPicture[0]!.profilePicture!.replace('size=256', 'size=64'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('has pending and accepted connections between members', async () => {
    const rows = await ctx.db.select().from(memberConnections);
    expect(rows.some((c) => c.status === 'pending')).toBe(true);
    expect(rows.some((c) => c.status === 'accepted')).toBe(true);
  });

  it('fills the community: a feed in several categories, endorsed skills, and points earned by outcomes first', async () => {
    const api = client(ctx.app, await login(ctx.app, 'priya.raman', DEMO_PASSWORD));
    const feed = await api.getOk(postPageSchema, '/api/community-posts', { query: { pageSize: 50 } });
    // the whole feed's first page carries its pinned announcement above the pages (which never repeat it)
    expect(feed.pinned.map((p) => p.title)).toEqual(['Welcome to the new Community Hub']);
    expect(feed.total + feed.pinned.length).toBe(first.posts);
    expect(new Set(feed.items.map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
    // conversations: comments with a reply, reactions by several members, and the counts on the posts
    expect(first.comments).toBeGreaterThanOrEqual(8);
    expect([...feed.pinned, ...feed.items].reduce((n, p) => n + p.commentCount, 0)).toBe(first.comments);
    const cfo = feed.items.find((p) => p.title.startsWith('Closed: interim CFO'))!;
    expect(cfo.reactions.find((r) => r.emoji === '🎉')).toMatchObject({ count: 2 });
    const thread = await api.getOk(commentPageSchema, `/api/community-posts/${cfo.id}/comments`);
    expect(thread.items[0].replies.map((r) => r.author?.name)).toEqual(['Priya Raman']);
    const me = feed.items.find((p) => p.authorName === 'Priya Raman')!;
    const endorsed = await api.getOk(userEndorsementsSchema, `/api/skill-endorsements/user/${me.authorId}`);
    expect(endorsed.total).toBeGreaterThanOrEqual(3);
    expect(endorsed.topSkills[0].count).toBeGreaterThanOrEqual(2);
    const points = await api.getOk(pointsSchema, '/api/points');
    expect(points.totalPoints).toBeGreaterThan(100);
    const byActivity = await ctx.db
      .select({ activity: pointTransactions.activityType, points: sql<number>`sum(${pointTransactions.points})`.mapWith(Number) })
      .from(pointTransactions)
      .groupBy(pointTransactions.activityType);
    const sum = (a: string) => byActivity.find((r) => r.activity === a)?.points ?? 0;
    expect(sum('lead_won')).toBeGreaterThan(sum('post_created') + sum('endorsement_given') + sum('endorsement_received'));
  });

  it('has lead discussions: the partner reads the messages meant for them, the owner also the internal notes', async () => {
    expect(first.leadMessages).toBeGreaterThanOrEqual(5);
    const partner = client(ctx.app, await login(ctx.app, 'aisha.khan', DEMO_PASSWORD));
    const admin = client(ctx.app, await login(ctx.app, 'marcus.adeyemi', DEMO_PASSWORD));
    const mine = await partner.getOk(leadPageSchema, '/api/leads', { query: { pageSize: 50 } });
    const lead = mine.items.find((l) => l.companyName === 'Meridian Health Tech')!;
    expect(lead.assignedTo?.name).toBe('Marcus Adeyemi');
    const seen = await partner.getOk(leadCommentPageSchema, `/api/leads/${lead.id}/comments`);
    const all = await admin.getOk(leadCommentPageSchema, `/api/leads/${lead.id}/comments`);
    // the note of its move to review, then three messages meant for the partner
    expect(seen.items.map((c) => c.content)[0]).toBe('Checking the budget with the contact.');
    expect(seen.items.length).toBe(4);
    expect(seen.items.some((c) => c.internal)).toBe(false);
    expect(all.items.filter((c) => c.internal)).toHaveLength(1);
    const owned = await admin.getOk(leadPageSchema, '/api/leads', { query: { assigned: 'me', pageSize: 50 } });
    expect(owned.items.map((l) => l.companyName).sort()).toEqual(['Meridian Health Tech', 'Riverside Housing Trust']);
  });

  it('has pending applicants with a risk assessment and a checklist partly done', async () => {
    const rows = await ctx.db
      .select({ a: memberApplications })
      .from(memberApplications)
      .innerJoin(users, eq(users.id, memberApplications.userId))
      .where(eq(users.accountStatus, 'pending'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const done = rows.map(({ a }) => [a.companyVerified, a.linkedinChecked, a.backgroundVerified, a.referenceChecked].filter(Boolean).length);
    expect(done.some((n) => n > 0 && n < 4)).toBe(true);
    expect(rows.every(({ a }) => a.riskAssessment !== null)).toBe(true);
  });

  it('has applicants who verified their e-mail address and applicants who have not yet (approval waits for it)', async () => {
    const rows = await ctx.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.accountStatus, 'pending'));
    expect(rows.some((r) => r.verifiedAt !== null)).toBe(true);
    expect(rows.some((r) => r.verifiedAt === null)).toBe(true);
  });

  it('has a year of members using the app: every whole week of the last quarter counts each active member once', async () => {
    const api = client(ctx.app, await login(ctx.app, 'marcus.adeyemi', DEMO_PASSWORD));
    const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const c = await api.getOk(communityAnalyticsSchema, '/api/analytics/community', { query: { from: day(new Date(now.getTime() - 90 * DAY)), to: day(now) } });
    const active = await ctx.db.execute(sql`select count(*)::int as n from users where account_status = 'approved' and is_active and removed_at is null`);
    const [{ n }] = (active as unknown as { rows: Array<{ n: number }> }).rows;
    expect(n).toBeGreaterThanOrEqual(10);
    expect(c.totals.weeklyActiveMembers).toBe(n);
    expect(c.weeks.length).toBeGreaterThanOrEqual(12);
  });

  it('signs in with the demo password and shows the admin a full pipeline with its timelines', async () => {
    const api = client(ctx.app, await login(ctx.app, 'marcus.adeyemi', DEMO_PASSWORD));
    const page = await api.getOk(leadPageSchema, '/api/leads', { query: { pageSize: 100 } });
    expect(page.total).toBe(first.leads);
    const overview = await api.getOk(adminOverviewSchema, '/api/admin/overview');
    expect(overview.recentActivity).toHaveLength(5);
    expect(overview.partners[0].totalLeads).toBeGreaterThan(0);
    const won = page.items.find((l) => l.status === 'closed-won')!;
    const timeline = (await api.getOk(leadActivityPageSchema, '/api/lead-activities', { query: { leadId: won.id } })).items;
    expect(timeline.map((a) => a.activity)).toEqual([
      'Lead submitted',
      'Status changed from Submitted to Under Review',
      'Status changed from Under Review to Qualified',
      'Status changed from Qualified to In Progress',
      'Status changed from In Progress to Closed Won',
    ]);
  });

  it('has an events calendar: past events with attendance and leads met there, upcoming ones with registrations, one full with a waitlist, one cancelled', async () => {
    const all = await ctx.db.select().from(events);
    const regs = await ctx.db.select().from(eventRegistrations);
    const past = all.filter((e) => e.endDate.getTime() <= now.getTime());
    const upcoming = all.filter((e) => e.endDate.getTime() > now.getTime() && e.status === 'active');
    expect(past.length).toBeGreaterThanOrEqual(2);
    for (const e of past) expect(regs.some((r) => r.eventId === e.id && r.attendanceConfirmed)).toBe(true);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    const full = upcoming.find((e) => e.maxAttendees !== null && regs.filter((r) => r.eventId === e.id && r.status === 'registered').length === e.maxAttendees);
    expect(full).toBeDefined();
    expect(regs.filter((r) => r.eventId === full!.id && r.status === 'waitlisted').length).toBeGreaterThan(0);
    expect(all.filter((e) => e.status === 'cancelled')).toHaveLength(1);
    const attributed = await ctx.db.select().from(leads).where(isNotNull(leads.sourceEventId));
    expect(attributed.length).toBeGreaterThan(0);
    for (const l of attributed) expect(past.map((e) => e.id)).toContain(l.sourceEventId);
  });

  it('has notifications read up to a week ago: the demo member’s bell counts a few updates, her achievements apart', async () => {
    const api = client(ctx.app, await login(ctx.app, 'priya.raman', DEMO_PASSWORD));
    const updates = await api.getOk(notificationPageSchema, '/api/notifications', { query: { group: 'updates', pageSize: 100 } });
    expect(updates.unreadCount).toBeGreaterThanOrEqual(2);
    expect(updates.unreadCount).toBeLessThanOrEqual(8);
    expect(updates.total).toBeGreaterThan(updates.unreadCount);
    for (const n of updates.items) if (!n.isRead) expect(new Date(n.createdAt).getTime()).toBeGreaterThanOrEqual(now.getTime() - 7 * DAY);
    const achievements = await api.getOk(notificationPageSchema, '/api/notifications', { query: { group: 'achievements' } });
    expect(achievements.items.length).toBeGreaterThan(0);
    expect(achievements.items.every((n) => n.type === 'achievement_unlocked')).toBe(true);
    expect(achievements.unreadAchievements).toBeGreaterThanOrEqual(1);
  });

  it('has chat: public and private groups and direct conversations between connected members, with replies, an edit and a few unread for the demo member', async () => {
    const api = client(ctx.app, await login(ctx.app, 'priya.raman', DEMO_PASSWORD));
    const mine = (await api.getOk(chatChannelPageSchema, '/api/chat/channels')).items;
    const groups = mine.filter((c) => c.type === 'group');
    const directs = mine.filter((c) => c.type === 'direct');
    expect(groups.map((c) => c.name)).toEqual(expect.arrayContaining(['General', 'Deal Flow — Interim', 'Board Advisors']));
    expect(groups.find((c) => c.name === 'Board Advisors')!.isPrivate).toBe(true);
    expect(directs.length).toBeGreaterThanOrEqual(2);
    for (const c of directs) expect(c.can.post).toBe(true);
    // most recently active first, each with its last message
    const activity = mine.map((c) => c.lastMessage!.createdAt);
    expect([...activity].sort().reverse()).toEqual(activity);
    const unread = mine.reduce((n, c) => n + c.unreadCount, 0);
    expect(unread).toBeGreaterThanOrEqual(2);
    expect(unread).toBeLessThanOrEqual(5);
    for (const c of mine) expect(new Date(c.lastMessage!.createdAt).getTime()).toBeLessThanOrEqual(now.getTime());

    const discover = (await api.getOk(chatChannelPageSchema, '/api/chat/channels', { query: { scope: 'discover' } })).items;
    expect(discover.length).toBeGreaterThanOrEqual(1);

    const deal = groups.find((c) => c.name === 'Deal Flow — Interim')!;
    const history = (await api.getOk(chatMessagePageSchema, `/api/chat/channels/${deal.id}/messages`)).items;
    expect(history.length).toBeGreaterThanOrEqual(8);
    expect(history.some((m) => m.replyToId && history.some((t) => t.id === m.replyToId))).toBe(true);
    expect(history.filter((m) => m.isEdited)).toHaveLength(1);
    const all = await ctx.db.select().from(chatMessages);
    expect(all.length).toBe(first.chatMessages);
  });
  it('has timesheets: Priya records time on one placement (every status, a rejection with comments) and approves another', async () => {
    const priya = client(ctx.app, await login(ctx.app, 'priya.raman', DEMO_PASSWORD));
    const mine = await priya.getOk(timesheetPageSchema, '/api/timesheets', { query: { role: 'contractor', pageSize: 100 } });
    expect(new Set(mine.items.map((s) => s.status))).toEqual(new Set(['draft', 'pending', 'approved', 'rejected']));
    expect(mine.items.find((s) => s.status === 'rejected')?.approvalComments).toBeTruthy();
    expect(mine.items.every((s) => s.weekStarting <= now.toISOString().slice(0, 10))).toBe(true);
    const waiting = await priya.getOk(timesheetPageSchema, '/api/timesheets', { query: { role: 'client', status: 'pending' } });
    expect(waiting.items.length).toBeGreaterThanOrEqual(1);
    expect(waiting.items[0].can).toMatchObject({ approve: true, reject: true, edit: false });
    const placements = await priya.getOk(placementPageSchema, '/api/placements', { query: { role: 'contractor' } });
    expect(placements.items[0]).toMatchObject({ chargeRate: null, can: { createTimesheet: true } });
    // she referred the third placement's lead: its approved weeks earn her commission, the estimate gave way
    const earned = await priya.getOk(commissionPageSchema, '/api/commissions', { query: { pageSize: 100 } });
    const corve = earned.items.filter((c) => c.leadDetails.companyName === 'Corve Therapeutics');
    expect(corve.filter((c) => c.kind === 'time' && c.status === 'pending').length).toBe(2);
    expect(corve.filter((c) => c.kind === 'closed_won').map((c) => c.status)).toEqual(['cancelled']);
    const admin = client(ctx.app, await login(ctx.app, 'marcus.adeyemi', DEMO_PASSWORD));
    const all = await admin.getOk(timesheetPageSchema, '/api/timesheets', { query: { pageSize: 100 } });
    expect(all.total).toBe(first.timesheets);
  });

  it('has two payout runs paid in past months and a draft for last month that holds a partner', async () => {
    const runs = await ctx.db.select().from(payoutRuns).orderBy(payoutRuns.number);
    expect(runs.map((r) => r.status)).toEqual(['paid', 'paid', 'draft']);
    for (const r of runs.slice(0, 2)) expect(r.valueDate! < now.toISOString().slice(0, 10)).toBe(true);
    expect(runs[0].createdBy).not.toBe(runs[0].approvedBy);
    const paid = await ctx.db
      .select()
      .from(payoutLines)
      .where(inArray(payoutLines.runId, [runs[0].id, runs[1].id]));
    // each paid run paid someone, to the account frozen at approval
    for (const r of runs.slice(0, 2)) expect(paid.filter((l) => l.runId === r.id && l.state === 'paid' && l.maskedDetails).length).toBeGreaterThan(0);
    const drafted = await ctx.db.select().from(payoutLines).where(eq(payoutLines.runId, runs[2].id));
    expect(drafted.filter((l) => l.state === 'held').map((l) => l.holdReason)).toContain('no_details');
    expect(drafted.some((l) => l.state === 'payable')).toBe(true);
  });
});
