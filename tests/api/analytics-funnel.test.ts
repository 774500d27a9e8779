import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadStatus } from '../../common/constants/options.ts';
import { funnelAnalyticsSchema, referralAnalyticsSchema } from '../../common/schemas/analytics.ts';
import { leadPageSchema, type LeadInput } from '../../common/schemas/lead.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import type { MadeUser } from '../../server/db/factories/members.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';

/**
 * The funnel, time to close, stage stays and referrals from the trigger-kept per-day figures, over ten leads moved
 * through known stages at known times in January 2026, and one lead in December 2025 (the previous period).
 */

let ctx: TestContext;
let admin: SignedIn;
let partner: SignedIn;
let other: MadeUser;

const SUBMITTED = '2026-01-05T10:00:00Z';
const at = (iso: string) => new Date(iso);

/** A lead submitted on 5 January, moved through `moves` (status and time) by the administrator. */
async function lead(
  submitter: MadeUser,
  moves: Array<[LeadStatus, string]>,
  o: { value?: string; leadType?: 'interim' | 'advisory' | 'recruitment'; industry?: string; submitted?: string } = {},
) {
  return makeLead(ctx.db, {
    submitter,
    by: admin.user,
    now: at(o.submitted ?? SUBMITTED),
    estimatedValue: o.value ?? '10000',
    leadType: o.leadType ?? 'advisory',
    industry: (o.industry ?? 'Technology') as LeadInput['industry'],
    history: moves.map(([status, when]) => ({ status, at: at(when) })),
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx);
  other = await makeUser(ctx.db, { firstName: 'Olive', lastName: 'Other' });
  const p = partner.user;
  const day6 = '2026-01-06T10:00:00Z';
  await lead(p, [], { leadType: 'interim' }); // 1: still submitted
  await lead(p, [['reviewing', day6]], { leadType: 'interim' }); // 2
  await lead(p, [
    ['reviewing', day6],
    ['qualified', '2026-01-07T10:00:00Z'],
  ]); // 3
  await lead(p, [
    ['reviewing', day6],
    ['qualified', '2026-01-07T10:00:00Z'],
    ['in-progress', '2026-01-08T10:00:00Z'],
  ]); // 4
  // 5: straight to closed-won after 3 days: it reached every stage in between
  await lead(other, [['closed-won', '2026-01-08T10:00:00Z']], { value: '26100', industry: 'Energy & Utilities', leadType: 'recruitment' });
  // 6: won after 20 days
  await lead(
    p,
    [
      ['reviewing', day6],
      ['qualified', '2026-01-07T10:00:00Z'],
      ['in-progress', '2026-01-08T10:00:00Z'],
      ['closed-won', '2026-01-25T10:00:00Z'],
    ],
    { value: '5000' },
  );
  await lead(p, [['closed-lost', day6]]); // 7: lost at submitted after 1 day
  await lead(p, [
    ['reviewing', day6],
    ['closed-lost', '2026-01-15T10:00:00Z'],
  ]); // 8: lost at reviewing after 10 days
  // 9: lost at in-progress after 25 days
  await lead(p, [
    ['reviewing', day6],
    ['qualified', '2026-01-07T10:00:00Z'],
    ['in-progress', '2026-01-08T10:00:00Z'],
    ['closed-lost', '2026-01-30T10:00:00Z'],
  ]);
  await lead(p, [
    ['reviewing', day6],
    ['qualified', '2026-01-07T10:00:00Z'],
    ['closed-lost', '2026-01-12T10:00:00Z'],
  ]); // 10: lost at qualified after 7 days
  // the previous period: one lead in December, lost
  await lead(p, [['closed-lost', '2025-12-20T10:00:00Z']], { submitted: '2025-12-10T10:00:00Z' });
  // a slow shared machine: many leads moved through the services
}, 300_000);
afterAll(async () => {
  await ctx?.close();
});

const JANUARY = { from: '2026-01-01', to: '2026-01-31' };

describe('the funnel', () => {
  it('counts each stage reached, the conversion to the next and the leads lost from it', async () => {
    const f = await admin.api.getOk(funnelAnalyticsSchema, '/api/analytics/funnel', { query: JANUARY });
    expect(f.stages).toEqual([
      { stage: 'submitted', reached: 10, conversion: 0.8, lost: 1 },
      { stage: 'reviewing', reached: 8, conversion: 0.75, lost: 1 },
      { stage: 'qualified', reached: 6, conversion: 0.6667, lost: 1 },
      { stage: 'in-progress', reached: 4, conversion: 0.5, lost: 1 },
      { stage: 'closed-won', reached: 2, conversion: null, lost: 0 },
    ]);
    expect(f.totals).toEqual({ submitted: 10, won: 2, lost: 4, winRate: 0.3333 });
    expect(f.previous).toEqual({ submitted: 1, won: 0, lost: 1, winRate: 0 });
    expect([f.previousFrom, f.previousTo]).toEqual(['2025-12-01', '2025-12-31']);
  });

  it('puts the leads closed in the period in their time-to-close buckets', async () => {
    const f = await admin.api.getOk(funnelAnalyticsSchema, '/api/analytics/funnel', { query: JANUARY });
    const counts = f.timeToClose.buckets.map((b) => [b.minDays, b.won, b.lost]);
    expect(counts).toEqual([
      [0, 1, 2],
      [8, 0, 1],
      [15, 1, 1],
      [31, 0, 0],
      [61, 0, 0],
      [91, 0, 0],
      [181, 0, 0],
    ]);
    // 3 + 20 + 1 + 10 + 25 + 7 days over six closes; the median placed within its bucket (the 3rd of 6 closes ends 0-7)
    expect(f.timeToClose.averageDays).toBe(11);
    expect(f.timeToClose.medianDays).toBe(8);
  });

  it('averages the stays that ended in the period, stage by stage', async () => {
    const f = await admin.api.getOk(funnelAnalyticsSchema, '/api/analytics/funnel', { query: JANUARY });
    const submitted = f.stageDays.find((s) => s.stage === 'submitted')!;
    // nine leads left submitted: eight after one day, the one won straight away after three
    expect(submitted).toEqual({ stage: 'submitted', averageDays: 1.2, stays: 9 });
    const reviewing = f.stageDays.find((s) => s.stage === 'reviewing')!;
    // six left reviewing: five after one day, one (lost) after nine
    expect(reviewing).toEqual({ stage: 'reviewing', averageDays: 2.3, stays: 6 });
  });
});

describe('referrals', () => {
  it('counts leads submitted by type per week, and won deals by the day they closed', async () => {
    const r = await admin.api.getOk(referralAnalyticsSchema, '/api/analytics/referrals', { query: JANUARY });
    expect(r.bucket).toBe('week');
    expect(r.leadTypes).toEqual(['interim', 'advisory', 'recruitment']);
    expect(r.totals).toEqual({ referrals: 10, won: 2, wonValue: '31100.00' });
    expect(r.previous).toEqual({ referrals: 1, won: 0, wonValue: '0.00' });
    const week = (d: string) => r.points.find((p) => p.period === d)!;
    expect(r.points.map((p) => p.period)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
    expect(week('2026-01-05')).toEqual({ period: '2026-01-05', byType: { interim: 2, advisory: 7, recruitment: 1 }, referrals: 10, won: 1, wonValue: '26100.00' });
    expect(week('2026-01-19')).toMatchObject({ referrals: 0, won: 1, wonValue: '5000.00' });
    expect(r.topPartners).toEqual([
      { partnerId: other.id, name: 'Olive Other', won: 1, wonValue: '26100.00' },
      { partnerId: partner.user.id, name: `${partner.user.firstName} ${partner.user.lastName}`, won: 1, wonValue: '5000.00' },
    ]);
    expect(r.topIndustries).toEqual([
      { industry: 'Energy & Utilities', won: 1, wonValue: '26100.00' },
      { industry: 'Technology', won: 1, wonValue: '5000.00' },
    ]);
  });

  it('counts as many referrals as the lead list holds for the same days', async () => {
    const list = await admin.api.getOk(leadPageSchema, '/api/leads');
    const r = await admin.api.getOk(referralAnalyticsSchema, '/api/analytics/referrals', { query: { from: '2025-12-01', to: '2026-01-31' } });
    expect(r.bucket).toBe('week');
    expect(r.totals.referrals + 0).toBe(list.total);
    expect(r.totals.referrals).toBe(11);
  });

  it('moves a reopened lead out of the won figures and keeps the furthest stage it reached', async () => {
    const l = await lead(
      partner.user,
      [
        ['closed-won', '2026-02-10T10:00:00Z'],
        ['in-progress', '2026-02-11T10:00:00Z'],
      ],
      { submitted: '2026-02-02T10:00:00Z' },
    );
    expect(l.status).toBe('in-progress');
    const feb = { from: '2026-02-01', to: '2026-02-28' };
    const r = await admin.api.getOk(referralAnalyticsSchema, '/api/analytics/referrals', { query: feb });
    expect(r.totals).toEqual({ referrals: 1, won: 0, wonValue: '0.00' });
    const f = await admin.api.getOk(funnelAnalyticsSchema, '/api/analytics/funnel', { query: feb });
    expect(f.stages.map((s) => s.reached)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('the period asked for', () => {
  it('refuses a period that ends before it starts, or one too long', async () => {
    expectError(await admin.api.get('/api/analytics/funnel', { query: { from: '2026-02-01', to: '2026-01-01' } }), 400, 'validation_failed');
    expectError(await admin.api.get('/api/analytics/referrals', { query: { from: '2020-01-01', to: '2026-01-01' } }), 400, 'validation_failed');
    expectError(await admin.api.get('/api/analytics/referrals', { query: { from: 'yesterday', to: '2026-01-01' } }), 400, 'validation_failed');
  });

  it('cuts a period longer than 92 days by month', async () => {
    const r = await admin.api.getOk(referralAnalyticsSchema, '/api/analytics/referrals', { query: { from: '2025-11-15', to: '2026-02-28' } });
    expect(r.bucket).toBe('month');
    expect(r.points.map((p) => [p.period, p.referrals])).toEqual([
      ['2025-11-01', 0],
      ['2025-12-01', 1],
      ['2026-01-01', 10],
      ['2026-02-01', 1],
    ]);
  });
});

describe('top partners', () => {
  it('ranks the ten with the most value won, then the most deals, then by name, among more than ten', async () => {
    const MARCH = { from: '2026-03-01', to: '2026-03-31' };
    const won = async (who: MadeUser, value: string) => lead(who, [['closed-won', '2026-03-10T10:00:00Z']], { value, submitted: '2026-03-02T10:00:00Z' });
    const ranked: MadeUser[] = [];
    for (let i = 0; i < 8; i++) {
      const p = await makeUser(ctx.db, { firstName: `Rank${i}`, lastName: 'Partner' });
      await won(p, String(90_000 - i * 1_000));
      ranked.push(p);
    }
    // the same value in two deals beats it in one; equal value and deals are ordered by name
    const double = await makeUser(ctx.db, { firstName: 'Bob', lastName: 'Double' });
    await won(double, '25000');
    await won(double, '25000');
    const zed = await makeUser(ctx.db, { firstName: 'Zed', lastName: 'Tie' });
    const amy = await makeUser(ctx.db, { firstName: 'Amy', lastName: 'Tie' });
    const max = await makeUser(ctx.db, { firstName: 'Max', lastName: 'Tie' });
    for (const p of [zed, amy, max]) await won(p, '50000');
    const r = await admin.api.getOk(referralAnalyticsSchema, '/api/analytics/referrals', { query: MARCH });
    expect(r.topPartners.map((p) => p.partnerId)).toEqual([...ranked.map((p) => p.id), double.id, amy.id]);
    expect(r.topPartners[8]).toEqual({ partnerId: double.id, name: 'Bob Double', won: 2, wonValue: '50000.00' });
    expect(r.topPartners[9]).toEqual({ partnerId: amy.id, name: 'Amy Tie', won: 1, wonValue: '50000.00' });
  });
});

describe('top partners of a long period', () => {
  it('finds a partner outside every year’s best ten when their value in the period beats theirs', async () => {
    const PERIOD = { from: '2027-11-01', to: '2028-02-28' };
    const win = async (who: MadeUser, value: string, closed: string) =>
      lead(who, [['closed-won', closed]], { value, submitted: new Date(Date.parse(closed) - 2 * 86_400_000).toISOString() });
    // the year's best ten: each a small deal inside the period and a large one after it
    const best: MadeUser[] = [];
    for (let i = 0; i < 10; i++) {
      const p = await makeUser(ctx.db, { firstName: `Best${String.fromCharCode(65 + i)}`, lastName: 'Year' });
      await win(p, '1000', '2028-01-20T10:00:00Z');
      await win(p, '100000', '2028-11-10T10:00:00Z');
      best.push(p);
    }
    // less over the year than any of them, more inside the period
    const quiet = await makeUser(ctx.db, { firstName: 'Quinn', lastName: 'Quiet' });
    await win(quiet, '50000', '2028-02-10T10:00:00Z');
    const r = await admin.api.getOk(referralAnalyticsSchema, '/api/analytics/referrals', { query: PERIOD });
    expect(r.topPartners[0]).toEqual({ partnerId: quiet.id, name: 'Quinn Quiet', won: 1, wonValue: '50000.00' });
    expect(r.topPartners.slice(1).map((p) => p.partnerId)).toEqual(best.slice(0, 9).map((p) => p.id));
  });
});
