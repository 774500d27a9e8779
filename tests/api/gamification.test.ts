import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wonPoints } from '../../common/rules/points.ts';
import {
  achievementListSchema,
  levelListSchema,
  networkStatsSchema,
  pointsSchema,
  recognitionSchema,
  userAchievementsSchema,
  userLevelSchema,
} from '../../common/schemas/gamification.ts';
import { leadSchema } from '../../common/schemas/lead.ts';
import { toPence } from '../../common/rules/money.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { LEVELS } from '../../server/db/seed/reference.ts';
import { memberConnections, notifications, pointTransactions, userAchievements, users } from '../../server/db/schema/index.ts';
import { awardPoints } from '../../server/services/gamification.ts';
import { createTestApp, makeSignedIn, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let admin: SignedIn;

const leadBody = (o: Record<string, unknown> = {}) => ({
  leadType: 'advisory',
  estimatedValue: 25000,
  companyName: 'Globex Ltd',
  industry: 'Technology',
  contactName: 'Hank Scorpio',
  contactEmail: 'hank@globex.example',
  projectDescription: 'Needs an interim CTO for a platform migration.',
  urgency: 'high',
  relationshipStrength: 'strong',
  ...o,
});

const transactionsOf = (userId: string, activity?: string) =>
  ctx.db
    .select()
    .from(pointTransactions)
    .where(and(eq(pointTransactions.userId, userId), activity ? eq(pointTransactions.activityType, activity) : sql`true`));

const achievementNotes = (userId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'achievement_unlocked')));

/** Awards in their own transaction, as a workflow would. */
const award = (userId: string, referenceId: string, at: Date, activity: 'post_created' | 'endorsement_given' = 'post_created') =>
  ctx.db.transaction((tx) => awardPoints(tx, { userId, activity, referenceId }, at));

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('points for lead milestones', () => {
  it('two simultaneous moves of one lead to closed-won award the deal once', { timeout: 60_000 }, async () => {
    const partner = await makeSignedIn(ctx, { firstName: 'Rita' });
    const lead = await makeLead(ctx.db, { submitter: partner.user, by: admin.user, now: ctx.clock.now(), status: 'in-progress', estimatedValue: '25000' });
    const moves = await Promise.all([1, 2].map(() => admin.api.patch(`/api/leads/${lead.id}`, { body: { status: 'closed-won' } })));
    expect(moves.map((r) => r.statusCode)).toEqual([200, 200]);
    const won = await transactionsOf(partner.user.id, 'lead_won');
    expect(won).toHaveLength(1);
    expect(won[0].points).toBe(wonPoints(toPence('25000')));
    // Deal Maker unlocked once, with one notification
    const unlocked = await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, partner.user.id));
    expect(unlocked).toHaveLength(2); // First Referral and Deal Maker
    expect((await achievementNotes(partner.user.id)).map((n) => n.message).sort()).toEqual([
      'You earned "Deal Maker" and 200 points.',
      'You earned "First Referral" and 50 points.',
    ]);
    // the total is the sum of the transactions
    const all = await transactionsOf(partner.user.id);
    expect((await reloadUser(ctx.db, partner.user.id)).totalPoints).toBe(all.reduce((s, t) => s + t.points, 0));
    // moving it away and back earns nothing more
    await admin.api.patchOk(leadSchema, `/api/leads/${lead.id}`, { body: { status: 'in-progress' } });
    await admin.api.patchOk(leadSchema, `/api/leads/${lead.id}`, { body: { status: 'closed-won' } });
    expect(await transactionsOf(partner.user.id, 'lead_won')).toHaveLength(1);
    expect(await achievementNotes(partner.user.id)).toHaveLength(2);
  });

  it('achievements unlock once each, notify once, and pay their reward once', async () => {
    const partner = await makeSignedIn(ctx, { firstName: 'Una' });
    for (let i = 0; i < 3; i++)
      await partner.api.create(leadSchema, '/api/leads', { body: leadBody({ companyName: `Once ${i} Ltd`, contactEmail: `c${i}@once.example` }) });
    const rows = await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, partner.user.id));
    expect(rows).toHaveLength(1);
    expect(await achievementNotes(partner.user.id)).toHaveLength(1);
    expect(await transactionsOf(partner.user.id, 'achievement')).toHaveLength(1);
    expect((await reloadUser(ctx.db, partner.user.id)).totalPoints).toBe(3 * 10 + 50);
  });
});

describe('daily caps (London day of the act)', () => {
  it('caps posts at three a day and opens a new London day at local midnight', async () => {
    const m = await makeSignedIn(ctx, { firstName: 'Cap' });
    // 22:00 UTC on 15 June is 23:00 in London (summer time): still the 15th
    const late = new Date('2026-06-15T22:00:00Z');
    const got = [];
    for (let i = 0; i < 4; i++) got.push(await award(m.user.id, `post-a${i}`, late));
    expect(got).toEqual([5, 5, 5, 0]);
    // 23:30 UTC is 00:30 on the 16th in London: a new day, though the same UTC day
    expect(await award(m.user.id, 'post-b0', new Date('2026-06-15T23:30:00Z'))).toBe(5);
    // the same post is never awarded twice
    expect(await award(m.user.id, 'post-b0', new Date('2026-06-15T23:31:00Z'))).toBe(0);
    expect((await reloadUser(ctx.db, m.user.id)).totalPoints).toBe(20);
  });

  it('counts an act recorded at another time in its own day, not in the days after it', async () => {
    const m = await makeSignedIn(ctx, { firstName: 'Back' });
    const day2 = new Date('2026-06-20T12:00:00Z');
    for (let i = 0; i < 3; i++) expect(await award(m.user.id, `later-${i}`, day2)).toBe(5);
    // an act of the 19th (recorded afterwards) is under the 19th's cap
    expect(await award(m.user.id, 'earlier-0', new Date('2026-06-19T12:00:00Z'))).toBe(5);
    expect(await award(m.user.id, 'later-3', day2)).toBe(0);
  });

  it('simultaneous awards cannot slip past the cap', { timeout: 60_000 }, async () => {
    const m = await makeSignedIn(ctx, { firstName: 'Rush' });
    const at = new Date('2026-06-21T12:00:00Z');
    const got = await Promise.all(Array.from({ length: 15 }, (_, i) => award(m.user.id, `rush-${i}`, at, 'endorsement_given')));
    expect(got.filter((p) => p > 0)).toHaveLength(10);
    expect((await reloadUser(ctx.db, m.user.id)).totalPoints).toBe(20);
  });
});

describe('GET /api/points, /api/levels, /api/user-level', () => {
  it('answers the total and the transactions newest first, ten at a time', async () => {
    const m = await makeSignedIn(ctx, { firstName: 'Paige' });
    for (let i = 0; i < 12; i++) await award(m.user.id, `p-${i}`, new Date(Date.UTC(2026, 6, 1 + i, 9)));
    const first = await m.api.getOk(pointsSchema, '/api/points');
    expect(first).toMatchObject({ totalPoints: 60, total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0].createdAt).toBe('2026-07-12T09:00:00.000Z');
    const times = first.items.map((t) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await m.api.getOk(pointsSchema, '/api/points', { query: { page: 2 } });
    expect(second.items.map((t) => t.createdAt)).toEqual(['2026-07-02T09:00:00.000Z', '2026-07-01T09:00:00.000Z']);
    expect(await m.api.getOk(pointsSchema, '/api/points', { query: { page: 3 } })).toMatchObject({ items: [], total: 12, totalPoints: 60, page: 3 });
    // only the member's own
    const other = await makeSignedIn(ctx, { firstName: 'Nobody' });
    expect(await other.api.getOk(pointsSchema, '/api/points')).toMatchObject({ totalPoints: 0, total: 0, items: [] });
    expectError(await m.api.get('/api/points', { query: { pageSize: 51 } }), 400, 'validation_failed');
  });

  it('levels move with points', async () => {
    const levels = await admin.api.getOk(levelListSchema, '/api/levels');
    expect(levels.items.map((l) => l.pointsRequired)).toEqual(LEVELS.map((l) => l.pointsRequired));
    const m = await makeSignedIn(ctx, { firstName: 'Lev' });
    expect(await m.api.getOk(userLevelSchema, '/api/user-level')).toMatchObject({
      totalPoints: 0,
      current: { levelNumber: 1 },
      next: { levelNumber: 2 },
      pointsToNext: 100,
    });
    // a won deal of £25,000: 10 + 25 + 350 points, and 50 + 200 for First Referral and Deal Maker
    await makeLead(ctx.db, { submitter: m.user, by: admin.user, now: ctx.clock.now(), status: 'closed-won', estimatedValue: '25000' });
    const lv = await m.api.getOk(userLevelSchema, '/api/user-level');
    expect(lv.totalPoints).toBe(10 + 25 + wonPoints(toPence('25000')) + 50 + 200);
    expect(lv.current).toMatchObject({ levelNumber: 4, name: 'Advisor' });
    expect(lv).toMatchObject({ next: { levelNumber: 5 }, pointsToNext: 1000 - lv.totalPoints });
    expect((await reloadUser(ctx.db, m.user.id)).currentLevel).toBe(4);
  });
});

describe('achievements', () => {
  it('lists earned newest first and locked closest first, with progress; isNew until seen', async () => {
    const m = await makeSignedIn(ctx, { firstName: 'Ada' });
    await makeLead(ctx.db, { submitter: m.user, by: admin.user, now: new Date('2026-06-10T09:00:00Z') });
    await makeLead(ctx.db, {
      submitter: m.user,
      by: admin.user,
      now: new Date('2026-06-11T09:00:00Z'),
      status: 'closed-won',
      statusAt: new Date('2026-06-12T09:00:00Z'),
    });
    const peers = await Promise.all([1, 2].map((i) => makeSignedIn(ctx, { firstName: `Peer${i}` })));
    for (const p of peers) await makeConnection(ctx.db, { from: p.user, to: m.user, status: 'accepted', now: ctx.clock.now() });

    const mine = await m.api.getOk(userAchievementsSchema, '/api/achievements/user');
    expect(mine.earned.map((a) => a.name)).toEqual(['Deal Maker', 'First Referral']);
    expect(mine.earned.every((a) => a.isNew && a.progress === a.requirement)).toBe(true);
    const locked = Object.fromEntries(mine.locked.map((a) => [a.name, a]));
    expect(locked['Pipeline Builder']).toMatchObject({ progress: 2, requirement: 5, unlockedAt: null, isNew: false });
    expect(locked['Networker']).toMatchObject({ progress: 2, requirement: 5 });
    expect(locked['Rainmaker']).toMatchObject({ progress: 1, requirement: 10 });
    expect(locked['Voice of the Community']).toMatchObject({ progress: 0 });
    const shares = mine.locked.map((a) => a.progress / a.requirement);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    expect(shares[0]).toBeGreaterThan(0);

    const seen = await m.api.post('/api/achievements/seen');
    expect(seen.statusCode).toBe(204);
    const after = await m.api.getOk(userAchievementsSchema, '/api/achievements/user');
    expect(after.earned.map((a) => a.isNew)).toEqual([false, false]);
    // a later unlock is new again, the seen ones stay seen
    for (let i = 0; i < 3; i++) await makeLead(ctx.db, { submitter: m.user, now: ctx.clock.now() });
    const later = await m.api.getOk(userAchievementsSchema, '/api/achievements/user');
    expect(later.earned.filter((a) => a.isNew).map((a) => a.name)).toEqual(['Pipeline Builder']);
    // marking seen touches only the member's own
    const other = await makeSignedIn(ctx, { firstName: 'Ozzy' });
    await makeLead(ctx.db, { submitter: other.user, now: ctx.clock.now() });
    await m.api.post('/api/achievements/seen');
    expect((await other.api.getOk(userAchievementsSchema, '/api/achievements/user')).earned.map((a) => a.isNew)).toEqual([true]);
  });

  it('lists every active achievement with how many have earned it, and the newest across the network', async () => {
    ctx.clock.advance(60_000); // past the short cache
    const list = await admin.api.getOk(achievementListSchema, '/api/achievements');
    expect(list.items).toHaveLength(12);
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(userAchievements)
      .innerJoin(users, eq(users.id, userAchievements.userId))
      .where(sql`${userAchievements.achievementId} = (select id from achievements where name = 'First Referral')`);
    expect(n).toBeGreaterThan(1);
    expect(list.items.find((a) => a.name === 'First Referral')!.earnedBy).toBe(n);
    expect(list.items.find((a) => a.name === 'Event Regular')!.earnedBy).toBe(0);

    const recent = await admin.api.getOk(recognitionSchema, '/api/achievements/recent');
    const [{ earned }] = await ctx.db.select({ earned: count() }).from(userAchievements);
    expect(earned).toBeGreaterThan(5);
    expect(recent.items.length).toBe(Math.min(10, earned));
    const times = recent.items.map((r) => r.unlockedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const [newest] = await ctx.db
      .select()
      .from(userAchievements)
      .orderBy(sql`${userAchievements.unlockedAt} desc`)
      .limit(1);
    expect(recent.items[0].unlockedAt).toBe(newest.unlockedAt.toISOString());
  });
});

describe('GET /api/community/stats', () => {
  it('counts members, accepted connections, posts and leads created this London month', async () => {
    ctx.clock.advance(60_000);
    const [{ members }] = await ctx.db
      .select({ members: count() })
      .from(users)
      .where(and(eq(users.accountStatus, 'approved'), eq(users.isActive, true), isNull(users.removedAt)));
    const [{ connections }] = await ctx.db.select({ connections: count() }).from(memberConnections).where(eq(memberConnections.status, 'accepted'));
    const stats = await admin.api.getOk(networkStatsSchema, '/api/community/stats');
    expect(stats).toMatchObject({ members, connections, posts: 0 });
    expect(connections).toBeGreaterThanOrEqual(2);
    // leads this month: made before now in June (London), none from May 31 22:30 UTC (May in London) counted
    const before = stats.leadsThisMonth;
    const p = await makeSignedIn(ctx, { firstName: 'Stat' });
    await makeLead(ctx.db, { submitter: p.user, now: new Date('2026-05-31T22:30:00Z') }); // 23:30 on 31 May in London
    await makeLead(ctx.db, { submitter: p.user, now: new Date('2026-05-31T23:30:00Z') }); // 00:30 on 1 June in London
    ctx.clock.advance(60_000);
    const again = await admin.api.getOk(networkStatsSchema, '/api/community/stats');
    expect(again.leadsThisMonth).toBe(before + 1);
    expect(again.members).toBe(stats.members + 1);
  });
});

describe('access', () => {
  it('every route needs a signed-in member', async () => {
    const anon = client(ctx.app);
    for (const url of [
      '/api/achievements',
      '/api/achievements/user',
      '/api/achievements/recent',
      '/api/points',
      '/api/levels',
      '/api/user-level',
      '/api/community/stats',
    ]) {
      expectError(await anon.get(url), 401, 'unauthorized');
    }
    expectError(await anon.post('/api/achievements/seen'), 401, 'unauthorized');
    const pending = await makeSignedIn(ctx, { accountStatus: 'pending' });
    expect((await pending.api.get('/api/points')).statusCode).toBe(403);
    expect((await pending.api.post('/api/achievements/seen')).statusCode).toBe(403);
  });
});
