import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, leads } from '../../server/db/schema/index.ts';
import { createTestApp, login, makeSignedIn, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedIn>>;
let admin2: Awaited<ReturnType<typeof makeSignedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  admin2 = await makeSignedIn(ctx, { role: 'master-admin' });
});
afterAll(async () => {
  await ctx?.close();
});

async function lead(cookie: string, value: string, companyName = 'Deal Co') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { cookie },
    payload: { leadType: 'interim', estimatedValue: value, companyName, industry: 'Technology', contactName: 'C', contactEmail: 'c@deal.example', projectDescription: 'A deal' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
/** Moves the clock (sessions older than 14 days expire, so the admins sign in again). */
async function at(iso: string) {
  ctx.clock.current = new Date(iso);
  admin = { ...admin, cookie: await login(ctx.app, admin.user.username!) };
  admin2 = { ...admin2, cookie: await login(ctx.app, admin2.user.username!) };
}
const close = (id: string, cookie = admin.cookie, status = 'closed-won') => ctx.app.inject({ method: 'PATCH', url: `/api/leads/${id}`, headers: { cookie }, payload: { status } });
const amountOf = async (leadId: string) => (await ctx.db.select().from(commissions).where(and(eq(commissions.leadId, leadId), eq(commissions.status, 'pending'))))[0];

describe('tiered commissions', () => {
  it('one lead of 26,100 gives 7,440.00', async () => {
    const p = await makeSignedIn(ctx);
    const id = await lead(p.cookie, '26100');
    expect((await close(id)).statusCode).toBe(200);
    expect(await amountOf(id)).toMatchObject({ amount: '7440.00', rate: '0.2851' });
  });

  it('two leads of 13,050 in one month give 7,440.00 together, the second at the marginal rate', async () => {
    const p = await makeSignedIn(ctx);
    const a = await lead(p.cookie, '13050');
    const b = await lead(p.cookie, '13050');
    await close(a);
    await close(b);
    expect((await amountOf(a)).amount).toBe('2915.00');
    expect((await amountOf(b)).amount).toBe('4525.00');
  });

  it('starts again each calendar month in London time', async () => {
    await at('2026-06-30T22:30:00Z'); // 23:30 on 30 June in London
    const p = await makeSignedIn(ctx);
    const a = await lead(p.cookie, '15000');
    const b = await lead(p.cookie, '15000');
    await close(a);
    ctx.clock.current = new Date('2026-06-30T23:30:00Z'); // 00:30 on 1 July in London
    await close(b);
    expect((await amountOf(a)).amount).toBe('3500.00');
    expect((await amountOf(b)).amount).toBe('3500.00');
  });

  it('a cancelled commission no longer counts towards the month', async () => {
    const p = await makeSignedIn(ctx);
    const a = await lead(p.cookie, '10000');
    const b = await lead(p.cookie, '10000');
    await close(a);
    await close(a, admin.cookie, 'qualified');
    await close(b);
    expect((await amountOf(b)).amount).toBe('2000.00');
  });

  it('two admins closing leads of one partner at the same moment still give the right tiers', async () => {
    const p = await makeSignedIn(ctx);
    const ids = await Promise.all(['13050', '13050', '5000', '5000'].map((v, i) => lead(p.cookie, v, `Race ${i}`)));
    const results = await Promise.all(ids.map((id, i) => close(id, i % 2 ? admin2.cookie : admin.cookie)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await ctx.db.select().from(commissions).where(eq(commissions.partnerId, p.user.id));
    const total = rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
    // 36,100 closed in one month: 2,000 + 3,000 + 16,100 × 40 % = 11,440.00, however the closes interleave
    expect(total).toBe(1_144_000);
    expect(rows).toHaveLength(4);
  });
});

describe('commission tracker and payouts', () => {
  it('shows a partner their own commissions with lead details, and the tracker figures from real data', async () => {
    await at('2026-09-10T10:00:00Z');
    const p = await makeSignedIn(ctx);
    const other = await makeSignedIn(ctx);
    const a = await lead(p.cookie, '12000', 'Tracker Won');
    const lost = await lead(p.cookie, '5000', 'Tracker Lost');
    await lead(other.cookie, '9999', 'Not Mine');
    await at('2026-09-14T10:00:00Z'); // four days later
    await close(a);
    await close(lost, admin.cookie, 'closed-lost');
    p.cookie = await login(ctx.app, p.user.username!);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/commissions', headers: { cookie: p.cookie } })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ amount: '2600.00', status: 'pending', leadDetails: { companyName: 'Tracker Won', industry: 'Technology', leadType: 'interim' } });
    const s = (await ctx.app.inject({ method: 'GET', url: '/api/commissions/summary', headers: { cookie: p.cookie } })).json();
    expect(s).toMatchObject({
      totalEarned: 2600,
      pendingAmount: 2600,
      paidAmount: 0,
      closedWonValueThisMonth: 12000,
      tier: { percent: 30, nextPercent: 40, toNext: 8000 },
      avgDaysToClose: 4,
      winRate: 0.5,
      avgDealSize: 12000,
      leadsThisMonth: 2,
      closesThisMonth: 1,
      commissionChange: 2600,
    });
  });

  it('lets an admin pay a pending commission once, audited, and export the month as CSV; partners cannot', async () => {
    await at('2026-10-05T10:00:00Z');
    const p = await makeSignedIn(ctx, { firstName: '=cmd' });
    const id = await lead(p.cookie, '1000', 'Payout, "Quoted" Ltd');
    await close(id);
    const c = await amountOf(id);
    const denied = await ctx.app.inject({ method: 'POST', url: `/api/admin/commissions/${c.id}/pay`, headers: { cookie: p.cookie } });
    expect(denied.statusCode).toBe(403);
    const pay = await ctx.app.inject({ method: 'POST', url: `/api/admin/commissions/${c.id}/pay`, headers: { cookie: admin.cookie } });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().status).toBe('paid');
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/admin/commissions/${c.id}/pay`, headers: { cookie: admin.cookie } });
    expect(twice.statusCode).toBe(409);
    // a paid commission survives the lead leaving closed-won, and closing it again pays nothing twice
    await close(id, admin.cookie, 'in-progress');
    await close(id);
    const rows = await ctx.db.select().from(commissions).where(eq(commissions.leadId, id));
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/admin/commissions.csv?month=2026-10', headers: { cookie: admin.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="commissions-2026-10.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Commission ID,Partner,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Payout, ""Quoted"" Ltd"');
    expect(lines[1]).toContain("'=cmd"); // a formula prefix is neutralised
    const partnerCsv = await ctx.app.inject({ method: 'GET', url: '/api/admin/commissions.csv', headers: { cookie: p.cookie } });
    expect(partnerCsv.statusCode).toBe(403);
  });
});

describe('dashboard stats', () => {
  it('computes totals, average per lead, conversion as a fraction and the pipeline counts', async () => {
    const p = await makeSignedIn(ctx);
    const ids = await Promise.all(['1000', '2000', '3000', '4000'].map((v, i) => lead(p.cookie, v, `Dash ${i}`)));
    await close(ids[0]);
    await close(ids[1], admin.cookie, 'qualified');
    await close(ids[2], admin.cookie, 'in-progress');
    const s = (await ctx.app.inject({ method: 'GET', url: '/api/dashboard-stats', headers: { cookie: p.cookie } })).json();
    expect(s).toEqual({ totalReferrals: 4, totalCommissions: 200, avgCommissionPerLead: 50, conversionRate: 0.25, pipeline: { submitted: 1, reviewing: 0, qualified: 1, inProgress: 1, closed: 1 } });
    const a = (await ctx.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie: p.cookie } })).json();
    expect(a).toMatchObject({ totalLeads: 4, conversionRate: 0.25, openPipelineValue: 9000, closedWonValue: 1000 });
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie: admin.cookie } })).json();
    expect(all.totalLeads).toBe((await ctx.db.select().from(leads)).length);
  });
});
