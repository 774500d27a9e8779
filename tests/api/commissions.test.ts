import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadStatus } from '../../common/constants/options.ts';
import { fromPence, toPence } from '../../common/rules/money.ts';
import { adminCommissionPageSchema, commissionPageSchema, commissionSummarySchema } from '../../common/schemas/commission.ts';
import { analyticsSchema, dashboardStatsSchema } from '../../common/schemas/dashboard.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { commissions, domainEvents, leads } from '../../server/db/schema/index.ts';
import type { Actor } from '../../server/policies/roles.ts';
import { createTestApp, login, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let admin: SignedIn;
let admin2: SignedIn;

/** Signs an existing user in again (sessions older than 14 days expire when the clock moves). */
const again = async (s: SignedIn): Promise<SignedIn> => {
  const cookie = await login(ctx.app, s.user.username!);
  return { ...s, cookie, api: client(ctx.app, cookie) };
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  admin2 = await makeSignedIn(ctx, { role: 'master-admin' });
});
afterAll(async () => {
  await ctx?.close();
});

/** A partner's submitted lead at the test clock, made through the lead service; closing it is what is tested. */
async function lead(partner: Actor, value: string, companyName = 'Deal Co', status?: LeadStatus) {
  const row = await makeLead(ctx.db, {
    submitter: partner,
    now: ctx.clock.now(),
    leadType: 'interim',
    estimatedValue: value,
    companyName,
    industry: 'Technology',
    contactName: 'C',
    contactEmail: 'c@deal.example',
    projectDescription: 'A deal',
    ...(status ? { status, by: admin.user } : {}),
  });
  return row.id;
}
/** Moves the clock, and signs the admins in again. */
async function at(iso: string) {
  ctx.clock.current = new Date(iso);
  admin = await again(admin);
  admin2 = await again(admin2);
}
const close = (id: string, api = admin.api, status = 'closed-won') => api.patch(`/api/leads/${id}`, { body: { status } });
const amountOf = async (leadId: string) =>
  (
    await ctx.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.leadId, leadId), eq(commissions.status, 'pending')))
  )[0];

describe('tiered commissions', () => {
  it('one lead of 26,100 gives 7,440.00', async () => {
    const p = await makeUser(ctx.db);
    const id = await lead(p, '26100');
    expect((await close(id)).statusCode).toBe(200);
    expect(await amountOf(id)).toMatchObject({ amount: '7440.00', rate: '0.2851' });
  });

  it('two leads of 13,050 in one month give 7,440.00 together, the second at the marginal rate', async () => {
    const p = await makeUser(ctx.db);
    const a = await lead(p, '13050');
    const b = await lead(p, '13050');
    expect((await close(a)).statusCode).toBe(200);
    expect((await close(b)).statusCode).toBe(200);
    expect((await amountOf(a)).amount).toBe('2915.00');
    expect((await amountOf(b)).amount).toBe('4525.00');
  });

  it('starts again each calendar month in London time', async () => {
    await at('2026-06-30T22:30:00Z'); // 23:30 on 30 June in London
    const p = await makeUser(ctx.db);
    const a = await lead(p, '15000');
    const b = await lead(p, '15000');
    await close(a);
    ctx.clock.current = new Date('2026-06-30T23:30:00Z'); // 00:30 on 1 July in London
    await close(b);
    expect((await amountOf(a)).amount).toBe('3500.00');
    expect((await amountOf(b)).amount).toBe('3500.00');
  });

  it('a cancelled commission no longer counts towards the month', async () => {
    const p = await makeUser(ctx.db);
    const a = await lead(p, '10000');
    const b = await lead(p, '10000');
    await close(a);
    await close(a, admin.api, 'qualified');
    await close(b);
    expect((await amountOf(b)).amount).toBe('2000.00');
  });

  it('two admins closing leads of one partner at the same moment still give the right tiers', async () => {
    const p = await makeUser(ctx.db);
    const ids: string[] = [];
    for (const [i, v] of ['13050', '13050', '5000', '5000'].entries()) ids.push(await lead(p, v, `Race ${i}`));
    const results = await Promise.all(ids.map((id, i) => close(id, i % 2 ? admin2.api : admin.api)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await ctx.db.select().from(commissions).where(eq(commissions.partnerId, p.id));
    const total = rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
    // 36,100 closed in one month: 2,000 + 3,000 + 16,100 × 40 % = 11,440.00, however the closes interleave
    expect(total).toBe(1_144_000);
    expect(rows).toHaveLength(4);
  });
});

describe('commission tracker and payouts', () => {
  it('shows a partner their own commissions with lead details, and the tracker figures from real data', async () => {
    await at('2026-09-10T10:00:00Z');
    const p = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const a = await lead(p, '12000', 'Tracker Won');
    const lost = await lead(p, '5000', 'Tracker Lost');
    await lead(other, '9999', 'Not Mine');
    await at('2026-09-14T10:00:00Z'); // four days later
    expect((await close(a)).statusCode).toBe(200);
    expect((await close(lost, admin.api, 'closed-lost')).statusCode).toBe(200);
    const api = client(ctx.app, await login(ctx.app, p.username!));
    const page = await api.getOk(commissionPageSchema, '/api/commissions');
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    const list = page.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ amount: '2600.00', status: 'pending', leadDetails: { companyName: 'Tracker Won', industry: 'Technology', leadType: 'interim' } });
    const s = await api.getOk(commissionSummarySchema, '/api/commissions/summary');
    expect(s).toMatchObject({
      totalEarned: '2600.00',
      pendingAmount: '2600.00',
      paidAmount: '0.00',
      closedWonValueThisMonth: '12000.00',
      tier: { percent: 30, nextPercent: 40, toNext: '8000.00' },
      avgDaysToClose: 4,
      winRate: 0.5,
      avgDealSize: '12000.00',
      leadsThisMonth: 2,
      closesThisMonth: 1,
      commissionChange: '2600.00',
    });
  });

  it('lets an admin pay a pending commission once, audited, and export the month as CSV; partners cannot', async () => {
    await at('2026-10-05T10:00:00Z');
    const p = await makeSignedIn(ctx, { firstName: '=cmd' });
    const { lead: won, commission: c } = await makeCommission(ctx.db, {
      partner: p.user,
      by: admin.user,
      closedAt: ctx.clock.now(),
      estimatedValue: '1000',
      companyName: 'Payout, "Quoted" Ltd',
    });
    const id = won.id;
    const denied = await p.api.post(`/api/admin/commissions/${c.id}/pay`);
    expect(denied.statusCode).toBe(403);
    const pay = await admin.api.post(`/api/admin/commissions/${c.id}/pay`);
    expect(pay.statusCode).toBe(200);
    expect(pay.json().status).toBe('paid');
    const events = await ctx.db.select().from(domainEvents).where(eq(domainEvents.entityId, c.id));
    expect(events.map((e) => e.type).sort()).toEqual(['commission.created', 'commission.paid']);
    expect(events.find((e) => e.type === 'commission.paid')).toMatchObject({
      actorId: admin.user.id,
      data: { commissionId: c.id, partnerId: p.user.id, amount: expect.any(String) },
    });
    const twice = await admin.api.post(`/api/admin/commissions/${c.id}/pay`);
    expect(twice.statusCode).toBe(409);
    // a paid commission survives the lead leaving closed-won, and closing it again pays nothing twice
    await close(id, admin.api, 'in-progress');
    await close(id);
    const rows = await ctx.db.select().from(commissions).where(eq(commissions.leadId, id));
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    const csv = await admin.api.get('/api/admin/commissions.csv', { query: { month: '2026-10' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="commissions-2026-10.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Commission ID,Partner,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Payout, ""Quoted"" Ltd"');
    expect(lines[1]).toContain("'=cmd"); // a formula prefix is neutralised
    const partnerCsv = await p.api.get('/api/admin/commissions.csv');
    expect(partnerCsv.statusCode).toBe(403);
  });

  it('neutralises and quotes a partner name built to split into a formula cell where the separator is a semicolon', async () => {
    const sly = await makeSignedIn(ctx, { firstName: 'Priya;=HYPERLINK(A1)', lastName: 'Raman' });
    await makeCommission(ctx.db, { partner: sly.user, by: admin.user, companyName: 'Semicolon Ltd', closedAt: new Date('2026-10-12T10:00:00Z') });
    const csv = await admin.api.get('/api/admin/commissions.csv', { query: { month: '2026-10' } });
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split('\r\n').find((l) => l.includes('Semicolon Ltd'))!;
    expect(row).toContain(`,"Priya;'=HYPERLINK(A1) Raman",`);
    expect(row).not.toContain(';=');
  });
});

describe('dashboard stats', () => {
  it('computes totals, average per lead, conversion as a fraction and the pipeline counts', async () => {
    const p = await makeSignedIn(ctx);
    await lead(p.user, '1000', 'Dash 0', 'closed-won');
    await lead(p.user, '2000', 'Dash 1', 'qualified');
    await lead(p.user, '3000', 'Dash 2', 'in-progress');
    await lead(p.user, '4000', 'Dash 3');
    const s = await p.api.getOk(dashboardStatsSchema, '/api/dashboard-stats');
    expect(s).toEqual({
      totalReferrals: 4,
      totalCommissions: '200.00',
      avgCommissionPerLead: '50.00',
      conversionRate: 0.25,
      pipeline: { submitted: 1, reviewing: 0, qualified: 1, inProgress: 1, closed: 1 },
    });
    const a = await p.api.getOk(analyticsSchema, '/api/analytics/dashboard');
    expect(a).toMatchObject({ totalLeads: 4, conversionRate: 0.25, openPipelineValue: '9000.00', closedWonValue: '1000.00' });
    expect(a.valueByStatus).toMatchObject({ 'closed-won': '1000.00', qualified: '2000.00', 'in-progress': '3000.00', submitted: '4000.00' });
    const all = await admin.api.getOk(analyticsSchema, '/api/analytics/dashboard');
    expect(all.totalLeads).toBe((await ctx.db.select().from(leads)).length);
  });

  it('weights the pipeline value of every status, closed-lost at 0.3 like the other unnamed statuses', async () => {
    const p = await makeSignedIn(ctx);
    await lead(p.user, '1000', 'Weight 0', 'closed-won');
    await lead(p.user, '2000', 'Weight 1', 'qualified');
    await lead(p.user, '3000', 'Weight 2', 'in-progress');
    await lead(p.user, '4000', 'Weight 3');
    await lead(p.user, '5000', 'Weight 4', 'closed-lost');
    const a = await p.api.getOk(analyticsSchema, '/api/analytics/dashboard');
    // 1000 + 0.7 × 2000 + 0.9 × 3000 + 0.3 × 4000 + 0.3 × 5000
    expect(a.weightedPipelineValue).toBe('7800.00');
    // the organisation's figure (from the per-status totals) follows the same rule
    const all = await admin.api.getOk(analyticsSchema, '/api/analytics/dashboard');
    const factor: Record<string, number> = { qualified: 7, 'in-progress': 9, 'closed-won': 10 };
    const tenths = Object.entries(all.valueByStatus).reduce((sum, [status, pounds]) => sum + Math.round(Number(pounds) * 100) * (factor[status] ?? 3), 0);
    expect(all.valueByStatus['closed-lost']).toBeDefined();
    expect(all.weightedPipelineValue).toBe((Math.round(tenths / 10) / 100).toFixed(2));
  });
});

describe('GET /api/admin/commissions: what is owed, oldest first', () => {
  let own: TestContext;
  let boss: SignedIn;
  let partner: SignedIn;
  let september: string;
  let october: string;
  beforeAll(async () => {
    own = await createTestApp();
    own.clock.current = new Date('2026-11-20T10:00:00Z');
    boss = await makeSignedIn(own, { role: 'admin' });
    partner = await makeSignedIn(own);
    const other = await makeSignedIn(own);
    // October's is made first, so creation order alone would not put September first
    const oct = await makeCommission(own.db, { partner: partner.user, by: boss.user, closedAt: new Date('2026-10-06T10:00:00Z'), estimatedValue: '2000' });
    const sep = await makeCommission(own.db, { partner: other.user, by: boss.user, closedAt: new Date('2026-09-15T10:00:00Z'), estimatedValue: '1500' });
    // paid, and this month's: neither is owed from before
    await makeCommission(own.db, {
      partner: partner.user,
      by: boss.user,
      closedAt: new Date('2026-10-20T10:00:00Z'),
      estimatedValue: '900',
      paidAt: new Date('2026-11-02T10:00:00Z'),
    });
    await own.db
      .update(commissions)
      .set({ createdAt: new Date('2026-10-06T10:00:00Z') })
      .where(eq(commissions.id, oct.commission.id));
    await own.db
      .update(commissions)
      .set({ createdAt: new Date('2026-09-15T10:00:00Z') })
      .where(eq(commissions.id, sep.commission.id));
    september = sep.commission.id;
    october = oct.commission.id;
  });
  afterAll(async () => {
    await own?.close();
  });
  const owedPage = adminCommissionPageSchema;
  const pounds = async (...ids: string[]) => {
    const rows = await own.db.select().from(commissions);
    return fromPence(rows.filter((r) => ids.includes(r.id)).reduce((s, r) => s + toPence(r.amount), 0));
  };

  it('refuses members and strangers, bad orders and unknown filters', async () => {
    expectError(await client(own.app).get('/api/admin/commissions', { query: { status: 'pending', order: 'oldest' } }), 401, 'unauthorized');
    expectError(await partner.api.get('/api/admin/commissions', { query: { status: 'pending', order: 'oldest' } }), 403, 'forbidden');
    expectError(await boss.api.get('/api/admin/commissions', { query: { order: 'biggest' } }), 400, 'validation_failed');
    expectError(await boss.api.get('/api/admin/commissions', { query: { partnerId: partner.user.id } }), 400, 'validation_failed');
  });

  it('lists every pending commission from two months, oldest first, with the total owed computed over all of them', async () => {
    const page = await boss.api.getOk(owedPage, '/api/admin/commissions', { query: { status: 'pending', order: 'oldest' } });
    expect(page.items.map((c) => c.id)).toEqual([september, october]);
    expect(page.items.map((c) => c.month)).toEqual(['2026-09', '2026-10']);
    expect(page.total).toBe(2);
    expect(page.owed).toEqual({ count: 2, amount: await pounds(september, october) });
    expect(Number(page.owed.amount)).toBeGreaterThan(0);
    // one row a page: the order holds across pages
    const second = await boss.api.getOk(owedPage, '/api/admin/commissions', { query: { status: 'pending', order: 'oldest', page: 2, pageSize: 1 } });
    expect(second.items.map((c) => c.id)).toEqual([october]);
    expect(second.owed.count).toBe(2);
  });

  it('keeps the month filter and the newest-first order as options, the owed total still across every month', async () => {
    const oct = await boss.api.getOk(owedPage, '/api/admin/commissions', { query: { status: 'pending', month: '2026-10', order: 'oldest' } });
    expect(oct.items.map((c) => c.id)).toEqual([october]);
    expect(oct.owed).toEqual({ count: 2, amount: await pounds(september, october) });
    const newest = await boss.api.getOk(owedPage, '/api/admin/commissions', { query: { status: 'pending' } });
    expect(newest.items.map((c) => c.id)).toEqual([october, september]);
    // paying one takes it out of what is owed
    await boss.api.post(`/api/admin/commissions/${september}/pay`);
    const after = await boss.api.getOk(owedPage, '/api/admin/commissions', { query: { status: 'pending', order: 'oldest' } });
    expect(after.items.map((c) => c.id)).toEqual([october]);
    expect(after.owed).toEqual({ count: 1, amount: await pounds(october) });
  });
});
