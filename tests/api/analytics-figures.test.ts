import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationAnalyticsSchema,
  commissionAnalyticsSchema,
  communityAnalyticsSchema,
  eventAnalyticsSchema,
  partnerEarningsSchema,
} from '../../common/schemas/analytics.ts';
import { adminCommissionPageSchema } from '../../common/schemas/commission.ts';
import { payoutRunSchema } from '../../common/schemas/payouts.ts';
import { toPence } from '../../common/rules/money.ts';
import { makeEvent, registerMembers } from '../../server/db/factories/events.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { memberApplications, payoutDetails, users } from '../../server/db/schema/index.ts';
import { maskPayoutAccount, sealPayoutAccount, type PayoutAccount } from '../../server/lib/payout-account.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

/**
 * Commissions, events, community and applications figures from known fixtures, each compared with what the
 * product's other screens answer for the same records; the partner's own earnings; and who may ask.
 */

let ctx: TestContext;
let admin: SignedIn;
let drafter: SignedIn;
let partner: SignedIn;
let rival: SignedIn;

const NOW = new Date('2026-06-15T10:00:00Z');
const DAY = 86_400_000;
const bank: PayoutAccount = { method: 'bank', accountName: 'A Partner', sortCode: '089999', accountNumber: '66374958' };

const deal = (p: { id: string; firstName: string; lastName: string }, value: string, closedAt: string, companyName: string) =>
  makeCommission(ctx.db, {
    partner: p as never,
    by: admin.user,
    closedAt: new Date(closedAt),
    estimatedValue: value,
    companyName,
    industry: 'Technology',
    leadType: 'interim',
    contactName: 'C',
    contactEmail: 'c@deal.example',
    projectDescription: 'A deal',
  });

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.current = NOW;
  admin = await makeSignedIn(ctx, { role: 'admin' });
  drafter = await makeSignedIn(ctx, { role: 'master-admin' });
  partner = await makeSignedIn(ctx, { firstName: 'Pat', lastName: 'Partner' });
  rival = await makeSignedIn(ctx, { firstName: 'Rae', lastName: 'Rival' });
  // February: the £26,100 month of one partner, and a smaller deal of another
  await deal(partner.user, '26100', '2026-02-10T10:00:00Z', 'Big Co');
  await deal(rival.user, '10000', '2026-02-12T10:00:00Z', 'Small Co');
  // the partner's payout details are old enough to be paid; the rival has none (held)
  await ctx.db.insert(payoutDetails).values({
    userId: partner.user.id,
    method: 'bank',
    sealed: sealPayoutAccount(ctx.config.payoutKey, bank),
    masked: maskPayoutAccount(bank),
    createdAt: new Date(NOW.getTime() - 90 * DAY),
    changedAt: null,
  });
  // a slow shared machine: many leads moved through the services
}, 300_000);
afterAll(async () => {
  await ctx?.close();
});

describe('commissions', () => {
  it('counts the £26,100 month as £7,440.00 earned, as the payout list sums it', async () => {
    const c = await admin.api.getOk(commissionAnalyticsSchema, '/api/analytics/commissions', { query: { from: '2026-02-01', to: '2026-02-28' } });
    expect(c.months).toEqual([{ month: '2026-02-01', closedWon: '9440.00', time: '0.00', total: '9440.00' }]);
    expect(c.totals).toEqual({ earned: '9440.00', closedWon: '9440.00', time: '0.00' });
    expect(c.previous).toEqual({ earned: '0.00', closedWon: '0.00', time: '0.00' });
    const list = await admin.api.getOk(adminCommissionPageSchema, '/api/admin/commissions', { query: { month: '2026-02', pageSize: 100 } });
    const listed = list.items.reduce((a, i) => a + toPence(i.amount), 0);
    expect(toPence(c.totals.earned)).toBe(listed);
    const own = list.items.filter((i) => i.partnerId === partner.user.id);
    expect(own.map((i) => i.amount)).toEqual(['7440.00']);
  });

  it('leaves a cancelled commission out of what was earned', async () => {
    const l = await deal(rival.user, '1000', '2026-03-03T10:00:00Z', 'Gone Co');
    expect((await admin.api.patch(`/api/leads/${l.lead.id}`, { body: { status: 'in-progress' } })).statusCode).toBe(200);
    const c = await admin.api.getOk(commissionAnalyticsSchema, '/api/analytics/commissions', { query: { from: '2026-03-01', to: '2026-03-31' } });
    expect(c.totals.earned).toBe('0.00');
    // the same length before March 1..31 is 29 January..28 February: February counts, whole
    expect(c.previous.earned).toBe('9440.00');
  });

  it('owes the pending commissions by month, and the next run pays what drafting a run then pays', async () => {
    const c = await admin.api.getOk(commissionAnalyticsSchema, '/api/analytics/commissions', { query: { from: '2026-02-01', to: '2026-02-28' } });
    expect(c.liability.pending).toEqual([{ month: '2026-02-01', amount: '9440.00', count: 2 }]);
    expect(c.liability.pendingTotal).toBe('9440.00');
    // the rival has no payout details: held, not paid
    expect(c.liability.nextRun).toEqual({ periodEnd: '2026-05-31', partners: 1, commissions: 1, amount: '7440.00' });
    const run = await drafter.api.create(payoutRunSchema, '/api/admin/payout-runs', { body: {} });
    expect([run.total, run.payableCount, run.periodEnd]).toEqual([c.liability.nextRun.amount, c.liability.nextRun.partners, c.liability.nextRun.periodEnd]);
    // claimed by the draft: the next run would pay nothing more
    const after = await admin.api.getOk(commissionAnalyticsSchema, '/api/analytics/commissions', { query: { from: '2026-02-01', to: '2026-02-28' } });
    expect(after.liability.nextRun.amount).toBe('0.00');
  });
});

describe("a partner's earnings", () => {
  it('answers only their own commission, for the twelve months to this one', async () => {
    const mine = await partner.api.getOk(partnerEarningsSchema, '/api/commissions/earnings');
    expect(mine.months.map((m) => m.month)).toEqual([
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(mine.months.filter((m) => m.closedWon !== '0.00')).toEqual([{ month: '2026-02-01', closedWon: '7440.00', time: '0.00' }]);
    const theirs = await rival.api.getOk(partnerEarningsSchema, '/api/commissions/earnings');
    expect(theirs.months.filter((m) => m.closedWon !== '0.00')).toEqual([{ month: '2026-02-01', closedWon: '2000.00', time: '0.00' }]);
    expectError(await client(ctx.app).get('/api/commissions/earnings'), 401, 'unauthorized');
  });
});

describe('events', () => {
  it('credits an event with its registrations, attendance and the leads met there', async () => {
    const event = await makeEvent(ctx.db, { organizer: admin.user, start: new Date('2026-04-20T18:00:00Z'), now: new Date('2026-04-01T10:00:00Z') });
    await registerMembers(ctx.db, event.id, [partner.user, rival.user], new Date('2026-04-02T10:00:00Z'));
    await makeLead(ctx.db, { submitter: partner.user, now: new Date('2026-04-22T10:00:00Z'), sourceEventId: event.id, estimatedValue: '4000' });
    await makeLead(ctx.db, {
      submitter: partner.user,
      by: admin.user,
      now: new Date('2026-04-22T11:00:00Z'),
      sourceEventId: event.id,
      estimatedValue: '6000',
      status: 'closed-won',
      statusAt: new Date('2026-05-02T10:00:00Z'),
    });
    const e = await admin.api.getOk(eventAnalyticsSchema, '/api/analytics/events', { query: { from: '2026-04-01', to: '2026-04-30' } });
    expect(e.events).toEqual([{ id: event.id, title: event.title, date: '2026-04-20', registrations: 2, attended: 0, leads: 2, won: 1, wonValue: '6000.00' }]);
    expect(e.totals).toEqual({ events: 1, registrations: 2, attended: 0, leads: 2, wonValue: '6000.00' });
    expect(e.previous).toEqual({ events: 0, registrations: 0, attended: 0, leads: 0, wonValue: '0.00' });
  });
});

describe('community', () => {
  it('counts members active, posts and connections made per week', async () => {
    // a week of June: the four signed in at the test clock were active on its Monday
    await makePost(ctx.db, { author: partner.user, now: new Date('2026-06-15T11:00:00Z') });
    await makePost(ctx.db, { author: rival.user, now: new Date('2026-06-16T11:00:00Z') });
    await makeConnection(ctx.db, { from: partner.user, to: rival.user, status: 'accepted', now: new Date('2026-06-16T12:00:00Z') });
    const c = await admin.api.getOk(communityAnalyticsSchema, '/api/analytics/community', { query: { from: '2026-06-08', to: '2026-06-21' } });
    expect(c.weeks).toEqual([
      { week: '2026-06-08', activeMembers: 0, posts: 0, connections: 0, endorsements: 0 },
      { week: '2026-06-15', activeMembers: 4, posts: 2, connections: 1, endorsements: 0 },
    ]);
    // two whole weeks, 0 and 4 members active: 2 a week on average
    expect(c.totals).toEqual({ weeklyActiveMembers: 2, posts: 2, connections: 1, endorsements: 0 });
    expect(c.previous).toEqual({ weeklyActiveMembers: 0, posts: 0, connections: 0, endorsements: 0 });
  });
});

describe('applications', () => {
  it('counts applications received and decided, with the median days to a decision', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await makeUser(ctx.db, { accountStatus: 'pending' }));
    const received = ['2026-03-02T10:00:00Z', '2026-03-03T10:00:00Z', '2026-03-04T10:00:00Z', '2026-02-20T10:00:00Z'];
    for (const [i, u] of made.entries())
      await ctx.db
        .update(memberApplications)
        .set({ createdAt: new Date(received[i]) })
        .where(eq(memberApplications.userId, u.id));
    // approved after 2 and 4 days, rejected after 10 (the one received in February)
    await ctx.db
      .update(users)
      .set({ accountStatus: 'approved', approvedAt: new Date('2026-03-04T10:00:00Z') })
      .where(eq(users.id, made[0].id));
    await ctx.db
      .update(users)
      .set({ accountStatus: 'approved', approvedAt: new Date('2026-03-07T10:00:00Z') })
      .where(eq(users.id, made[1].id));
    await ctx.db
      .update(users)
      .set({ accountStatus: 'rejected', rejectedAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(users.id, made[3].id));
    const a = await admin.api.getOk(applicationAnalyticsSchema, '/api/analytics/applications', { query: { from: '2026-03-01', to: '2026-03-31' } });
    expect(a.totals).toEqual({ received: 3, approved: 2, rejected: 1, medianDaysToDecision: 4 });
    expect(a.previous).toMatchObject({ received: 1, approved: 0, rejected: 0, medianDaysToDecision: null });
    expect(a.points.find((p) => p.period === '2026-03-02')).toEqual({ period: '2026-03-02', received: 3, approved: 2, rejected: 1 });
  });
});

describe('who may ask', () => {
  const ROUTES = ['referrals', 'funnel', 'commissions', 'events', 'community', 'applications'].map((r) => `/api/analytics/${r}`);
  const query = { from: '2026-01-01', to: '2026-01-31' };

  it('refuses partners (403) and the signed out (401) on every analytics route', async () => {
    for (const url of ROUTES) {
      expectError(await partner.api.get(url, { query }), 403, 'forbidden');
      expectError(await client(ctx.app).get(url, { query }), 401, 'unauthorized');
      expect((await admin.api.get(url, { query })).statusCode).toBe(200);
    }
  });
});
