import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPence, toPence } from '../../common/rules/money.ts';
import { hallOfFameRecordSchema, hallOfFameSchema, leaderboardPageSchema, type LeaderboardEntry } from '../../common/schemas/gamification.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { auditLog, commissions, hallOfFameRecords, leads, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
let admin: SignedIn;
let winner: SignedIn;
let busy: SignedIn;
let quiet: SignedIn;
let lastMonth: SignedIn;
let midnight: SignedIn;
let lateWin: SignedIn;

/** The test clock stands at 15 June 2026, 11:00 in London. */
const board = async (who: SignedIn, period: string, query: Record<string, number> = {}) =>
  who.api.getOk(leaderboardPageSchema, '/api/leaderboard', { query: { period, pageSize: 100, ...query } });
const entry = (items: LeaderboardEntry[], who: SignedIn) => items.find((e) => e.id === who.user.id);
const rankOf = (items: LeaderboardEntry[], who: SignedIn) => entry(items, who)?.rank;

const commissionOf = async (partnerId: string) => {
  const rows = await ctx.db
    .select({ amount: commissions.amount })
    .from(commissions)
    .where(and(eq(commissions.partnerId, partnerId), ne(commissions.status, 'cancelled')));
  return fromPence(rows.reduce((s, r) => s + toPence(r.amount), 0));
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  [winner, busy, quiet, lastMonth, midnight, lateWin] = await Promise.all(
    ['Winnie', 'Busby', 'Quinn', 'Maya', 'Mina', 'Leo'].map((firstName) => makeSignedIn(ctx, { firstName })),
  );
  const now = ctx.clock.now();
  const by = admin.user;
  // this month: one deal won; three submitted but none won; one submitted
  await makeLead(ctx.db, { submitter: winner.user, by, now: new Date('2026-06-02T09:00:00Z'), status: 'closed-won', statusAt: new Date('2026-06-10T09:00:00Z') });
  await makeLead(ctx.db, { submitter: winner.user, by, now: new Date('2026-06-03T09:00:00Z') });
  for (let i = 0; i < 3; i++) await makeLead(ctx.db, { submitter: busy.user, by, now });
  await makeLead(ctx.db, { submitter: quiet.user, by, now });
  // a bigger deal, submitted and won in May: in this quarter, year and all time, not this month
  await makeLead(ctx.db, {
    submitter: lastMonth.user,
    by,
    now: new Date('2026-05-04T09:00:00Z'),
    status: 'closed-won',
    statusAt: new Date('2026-05-20T09:00:00Z'),
    estimatedValue: '90000',
  });
  // referred in May, won in June: the referral is May's, the win and its commission June's
  await makeLead(ctx.db, { submitter: lateWin.user, by, now: new Date('2026-05-12T09:00:00Z'), status: 'closed-won', statusAt: new Date('2026-06-05T09:00:00Z') });
  // 31 May 23:05 to 23:40 UTC is 00:05 to 00:40 on 1 June in London: this month
  await makeLead(ctx.db, { submitter: midnight.user, by, now: new Date('2026-05-31T23:05:00Z'), status: 'closed-won', statusAt: new Date('2026-05-31T23:40:00Z') });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/leaderboard', () => {
  it('counts the leads referred in the period, and of those the deals won and their commission: never more wins than referrals', async () => {
    // referred in May, won in June: May's referral, win and commission, so not on June's board at all
    expect(entry((await board(quiet, 'month')).items, lateWin)).toBeUndefined();
    const quarter = entry((await board(quiet, 'quarter')).items, lateWin)!;
    expect(quarter).toMatchObject({ successfulReferrals: 1, totalReferrals: 1, successRate: 1, totalCommission: await commissionOf(lateWin.user.id) });
    expect(Number(quarter.totalCommission)).toBeGreaterThan(0);
    for (const period of ['month', 'quarter', 'year', 'all'] as const) {
      for (const e of (await board(admin, period)).items) expect(e.successfulReferrals, `${e.name} in ${period}`).toBeLessThanOrEqual(e.totalReferrals);
    }
  });

  it('keeps a deleted lead out of every figure, its commission with it', async () => {
    const gone = await makeSignedIn(ctx, { firstName: 'Gina' });
    const lead = await makeLead(ctx.db, {
      submitter: gone.user,
      by: admin.user,
      now: new Date('2026-06-04T09:00:00Z'),
      status: 'closed-won',
      statusAt: new Date('2026-06-08T09:00:00Z'),
    });
    expect(entry((await board(admin, 'month')).items, gone)).toMatchObject({ successfulReferrals: 1, totalReferrals: 1 });
    expect((await admin.api.delete(`/api/leads/${lead.id}`)).statusCode).toBe(200);
    for (const period of ['month', 'all'] as const) expect(entry((await board(admin, period)).items, gone)).toBeUndefined();
    ctx.clock.advance(11_000); // the next tests count ranked partners afresh
  });

  it('ranks commission first, then deals won, then referrals, with success rate and money as decimals', async () => {
    const page = await board(quiet, 'month');
    expect(page).toMatchObject({ period: 'month', periodStart: '2026-06-01', page: 1 });
    const ids = page.items.map((e) => e.id);
    expect(page.items.map((e) => e.rank)).toEqual(ids.map((_, i) => i + 1));
    // both winners above every partner without a won deal; more referrals above fewer
    expect(rankOf(page.items, winner)!).toBeLessThan(rankOf(page.items, busy)!);
    expect(rankOf(page.items, midnight)!).toBeLessThan(rankOf(page.items, busy)!);
    expect(rankOf(page.items, busy)!).toBeLessThan(rankOf(page.items, quiet)!);
    expect(entry(page.items, winner)).toMatchObject({
      name: `Winnie ${winner.user.lastName}`,
      successfulReferrals: 1,
      totalReferrals: 2,
      successRate: 0.5,
      totalCommission: await commissionOf(winner.user.id),
    });
    expect(entry(page.items, winner)!.totalCommission).toMatch(/^\d+\.\d{2}$/);
    expect(Number(entry(page.items, winner)!.totalCommission)).toBeGreaterThan(0);
    expect(entry(page.items, busy)).toMatchObject({ totalCommission: '0.00', successfulReferrals: 0, totalReferrals: 3, successRate: 0 });
    expect(page.total).toBe(page.items.length);
  });

  it('counts periods in London time', async () => {
    const month = await board(quiet, 'month');
    expect(entry(month.items, lastMonth)).toBeUndefined();
    expect(entry(month.items, midnight)).toMatchObject({ successfulReferrals: 1, totalReferrals: 1, successRate: 1 });
    for (const [period, start] of [
      ['quarter', '2026-04-01'],
      ['year', '2026-01-01'],
      ['all', '1970-01-01'],
    ] as const) {
      const p = await board(quiet, period);
      expect(p.periodStart).toBe(start);
      // the £90,000 deal earns the most commission
      expect(p.items[0]).toMatchObject({ id: lastMonth.user.id, successfulReferrals: 1, totalCommission: await commissionOf(lastMonth.user.id) });
    }
  });

  it('matches the figures summed from every lead and commission', async () => {
    const all = await board(admin, 'all');
    for (const e of all.items) {
      const [s] = await ctx.db
        .select({ n: sql<number>`count(*)`.mapWith(Number), won: sql<number>`count(*) filter (where ${leads.status} = 'closed-won')`.mapWith(Number) })
        .from(leads)
        .where(eq(leads.submitterId, e.id));
      expect({ total: e.totalReferrals, won: e.successfulReferrals, commission: e.totalCommission }).toEqual({
        total: s.n,
        won: s.won,
        commission: await commissionOf(e.id),
      });
    }
  });

  it('pages with ranks that carry on across pages, and follows a status change at once', async () => {
    const full = await board(quiet, 'month');
    const second = await quiet.api.getOk(leaderboardPageSchema, '/api/leaderboard', { query: { period: 'month', page: 2, pageSize: 2 } });
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: full.total });
    expect(second.items).toEqual(full.items.slice(2, 4));
    // the default period is this month
    expect((await quiet.api.getOk(leaderboardPageSchema, '/api/leaderboard')).period).toBe('month');
    expectError(await quiet.api.get('/api/leaderboard', { query: { period: 'week' } }), 400, 'validation_failed');
    expectError(await quiet.api.get('/api/leaderboard', { query: { pageSize: 101 } }), 400, 'validation_failed');

    // quiet's lead closes: they now rank above busy
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.submitterId, quiet.user.id));
    for (const status of ['reviewing', 'qualified', 'closed-won']) expect((await admin.api.patch(`/api/leads/${lead.id}`, { body: { status } })).statusCode).toBe(200);
    const after = await board(quiet, 'month');
    expect(rankOf(after.items, quiet)!).toBeLessThan(rankOf(after.items, busy)!);
    expect(entry(after.items, quiet)).toMatchObject({ successfulReferrals: 1, totalCommission: await commissionOf(quiet.user.id) });
  });

  it('leaves out members no longer shown, in the page and in the total, also past the last page', async () => {
    const before = await board(admin, 'month');
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, midnight.user.id));
    ctx.clock.advance(11_000); // past the few seconds a period's count is reused
    const after = await board(admin, 'month');
    expect(entry(after.items, midnight)).toBeUndefined();
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((e) => e.rank)).toEqual(after.items.map((_, i) => i + 1));
    const past = await admin.api.getOk(leaderboardPageSchema, '/api/leaderboard', { query: { period: 'month', page: 50 } });
    expect(past).toMatchObject({ items: [], total: after.total, page: 50 });
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, midnight.user.id));
  });

  it('needs a signed-in member', async () => {
    expectError(await client(ctx.app).get('/api/leaderboard'), 401, 'unauthorized');
    const pending = await makeSignedIn(ctx, { accountStatus: 'pending' });
    expect((await pending.api.get('/api/leaderboard')).statusCode).toBe(403);
  });
});

describe('hall of fame records', () => {
  it('every member reads them; only admins may edit', async () => {
    const forPartner = await quiet.api.getOk(hallOfFameSchema, '/api/leaderboard/records');
    expect(forPartner.can.edit).toBe(false);
    expect(forPartner.items.map((r) => [r.key, r.value])).toEqual([
      ['single_fee', '32000.00'],
      ['best_month', '159229.00'],
      ['best_quarter', '455404.00'],
      ['best_year', '2100000.00'],
    ]);
    expect((await admin.api.getOk(hallOfFameSchema, '/api/leaderboard/records')).can.edit).toBe(true);
    expectError(await client(ctx.app).get('/api/leaderboard/records'), 401, 'unauthorized');
  });

  it('PATCH: partner 403, unauthenticated 401, admin and master-admin edit with an audit entry', async () => {
    const [rec] = await ctx.db.select().from(hallOfFameRecords).where(eq(hallOfFameRecords.key, 'single_fee'));
    const url = `/api/leaderboard/records/${rec.id}`;
    expectError(await quiet.api.patch(url, { body: { value: 1 } }), 403, 'forbidden');
    expectError(await client(ctx.app).patch(url, { body: { value: 1 } }), 401, 'unauthorized');
    const [unchanged] = await ctx.db.select().from(hallOfFameRecords).where(eq(hallOfFameRecords.id, rec.id));
    expect(unchanged.valuePence).toBe(3_200_000);

    const updated = await admin.api.patchOk(hallOfFameRecordSchema, url, { body: { value: '35000.5', holder: 'Winnie', achievedIn: 'June 2026' } });
    expect(updated).toMatchObject({ value: '35000.50', holder: 'Winnie', achievedIn: 'June 2026', label: 'Highest single fee' });
    const [stored] = await ctx.db.select().from(hallOfFameRecords).where(eq(hallOfFameRecords.id, rec.id));
    expect(stored).toMatchObject({ valuePence: 3_500_050, updatedBy: admin.user.id });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, rec.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, action: 'hall_of_fame.update', entityType: 'hall_of_fame_record' });
    expect(audits[0].before).toMatchObject({ valuePence: 3_200_000 });
    expect(audits[0].after).toMatchObject({ valuePence: 3_500_050 });

    const master = await makeSignedIn(ctx, { role: 'master-admin' });
    expect(await master.api.patchOk(hallOfFameRecordSchema, url, { body: { label: 'Largest single fee', holder: null } })).toMatchObject({
      label: 'Largest single fee',
      holder: null,
      value: '35000.50',
    });

    const bad = expectError(await admin.api.patch(url, { body: { value: '12.345' } }), 400, 'validation_failed');
    expect(bad.issues?.[0]).toMatchObject({ path: 'value', message: 'Use at most two decimal places' });
    expectError(await admin.api.patch(url, { body: { value: -1 } }), 400, 'validation_failed');
    expectError(await admin.api.patch(url, { body: { valuePence: 1 } }), 400, 'validation_failed');
    expectError(await admin.api.patch(`/api/leaderboard/records/${NO_SUCH_ID}`, { body: { value: 1 } }), 404, 'not_found');
  });
});
