import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { commissionPageSchema, commissionSummarySchema } from '../../common/schemas/commission.ts';
import { timesheetDetailSchema, type Placement } from '../../common/schemas/timesheets.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { auditLog, commissions, notifications, partnerPeriodStats } from '../../server/db/schema/index.ts';
import { updateLeadStatus } from '../../server/services/leads.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

/**
 * Commission from approved time: each approved sheet's gross profit, (charge − pay) × units, joins the referring
 * partner's basis for the London month its week ends in and earns at the marginal tiers; a lead's first
 * placement makes its pending commission on the estimate give way, a paid one stands as an advance; an
 * administrator's correction of approved time earns (or takes back) the difference.
 */

let ctx: TestContext;
let admin: Member;
let contractor: Member;
let customer: Member;

type Member = Awaited<ReturnType<typeof member>>;
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}

const commissionsOf = (leadId: string) => ctx.db.select().from(commissions).where(eq(commissions.leadId, leadId)).orderBy(commissions.createdAt, commissions.id);
/** The refusal's status, code and the message a member reads. */
function expectMessage(res: Awaited<ReturnType<Member['api']['post']>>, status: number, code: Parameters<typeof expectError>[2], message: string) {
  expectError(res, status, code);
  expect(JSON.stringify(res.json())).toContain(JSON.stringify(message).slice(1, -1));
}
const pence = (money: string) => Math.round(Number(money) * 100);
const sumPence = (rows: Array<{ amount: string; status: string }>) => rows.filter((r) => r.status !== 'cancelled').reduce((s, r) => s + pence(r.amount), 0);

/** £250 an hour charged, £100 paid: £150 of gross profit per hour. */
async function hourlyPlacement(partner: Member, o: { leadId?: string; startDate?: string; endDate?: string } = {}): Promise<Placement> {
  return makePlacement(ctx.db, {
    by: admin.user,
    referrer: partner.user,
    contractor: contractor.user,
    client: customer.user,
    lead: o.leadId ? { id: o.leadId } : undefined,
    chargeRate: '250',
    payRate: '100',
    unit: 'hour',
    startDate: o.startDate ?? '2026-09-01',
    endDate: o.endDate ?? '2026-12-31',
    now: ctx.clock.now(),
  });
}
const approvedWeek = (placement: Placement, weekStarting: string, units: number[], decidedBy: Member = customer) =>
  makeTimesheet(ctx.db, { placement, contractor: contractor.user, weekStarting, units, status: 'approved', decidedBy: decidedBy.user, now: ctx.clock.now() });

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.current = new Date('2026-10-20T10:00:00Z');
  admin = await member({ role: 'admin' });
  contractor = await member();
  customer = await member();
});
afterAll(async () => {
  await ctx?.close();
});

describe('commission from approved time', () => {
  it('approved sheets worth £26,100 of gross profit in one month earn £7,440.00 at the marginal tiers, in the month each week ends', async () => {
    const partner = await member();
    const placement = await hourlyPlacement(partner);
    // 60 h, 60 h and 54 h at £150 of profit an hour: £9,000 + £9,000 + £8,100 = £26,100; the first week starts in
    // September but ends on 4 October, so it is October's
    const sheets = [
      await approvedWeek(placement, '2026-09-28', [12, 12, 12, 12, 12]),
      await approvedWeek(placement, '2026-10-05', [12, 12, 12, 12, 12]),
      await approvedWeek(placement, '2026-10-12', [10, 11, 11, 11, 11]),
    ];
    expect(sheets.map((s) => s.totalUnits)).toEqual([60, 60, 54]);
    const rows = await commissionsOf(placement.leadId);
    const time = sheets.map((sheet) => rows.find((r) => r.kind === 'time' && r.timesheetId === sheet.id)!);
    expect(time.map((r) => [r.timesheetId, r.basis, r.amount, r.month])).toEqual([
      [sheets[0].id, '9000.00', '1800.00', '2026-10-01'],
      [sheets[1].id, '9000.00', '2600.00', '2026-10-01'],
      [sheets[2].id, '8100.00', '3040.00', '2026-10-01'],
    ]);
    expect(sumPence(time)).toBe(744_000);
    // the estimate the lead closed with gave way at its placement: cancelled, marked superseded, not counted
    const estimate = rows.filter((r) => r.kind === 'closed_won');
    expect(estimate).toHaveLength(1);
    expect(estimate[0]).toMatchObject({ status: 'cancelled' });
    expect(estimate[0].supersededAt).not.toBeNull();

    // the Commission Tracker: this month's commission and the tiers' basis are the approved time's
    const summary = await partner.api.getOk(commissionSummarySchema, '/api/commissions/summary');
    expect(summary).toMatchObject({ thisMonthCommission: '7440.00', closedWonValueThisMonth: '26100.00', closesThisMonth: 1 });
    expect(summary.tier).toMatchObject({ percent: 40 });
    const list = await partner.api.getOk(commissionPageSchema, '/api/commissions');
    const weekOf = list.items.find((c) => c.timesheet?.id === sheets[0].id);
    expect(weekOf).toMatchObject({ kind: 'time', amount: '1800.00', basis: '9000.00', month: '2026-10', timesheet: { weekStarting: '2026-09-28' }, status: 'pending' });
    expect(list.items.find((c) => c.kind === 'closed_won')).toMatchObject({ status: 'cancelled', supersededAt: expect.any(String) });

    // the partner was told of each, with the amount
    const told = await ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, partner.user.id), eq(notifications.type, 'commission_earned')));
    expect(told.map((n) => n.title)).toEqual(expect.arrayContaining(['Commission earned: £1,800', 'Commission earned: £2,600', 'Commission earned: £3,040']));

    // the leaderboard still counts one deal won (the superseded estimate), and the time's commission as money
    const [stats] = await ctx.db
      .select({ leadsWon: partnerPeriodStats.leadsWon, commissionPence: partnerPeriodStats.commissionPence })
      .from(partnerPeriodStats)
      .where(and(eq(partnerPeriodStats.partnerId, partner.user.id), eq(partnerPeriodStats.period, 'all')));
    expect(stats).toEqual({ leadsWon: 1, commissionPence: 744_000 });
  });

  it('the month total is right whatever else the partner closed, and however the profit is split', async () => {
    const partner = await member();
    // a £5,000 advisory lead closed this month earns on its estimate (£1,000 at 20 %) …
    const { commission: closed } = await makeCommission(ctx.db, {
      partner: partner.user,
      by: admin.user,
      leadType: 'advisory',
      estimatedValue: '5000',
      closedAt: ctx.clock.now(),
    });
    expect(closed.amount).toBe('1000.00');
    // … and approved time of £21,100 in the same month takes the month's basis to £26,100: £7,440.00 in all
    const placement = await hourlyPlacement(partner);
    await approvedWeek(placement, '2026-10-05', [20, 20, 20, 20, 20, 20, 20.67]);
    await approvedWeek(placement, '2026-10-12', [0.01]);
    const monthRows = await ctx.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.partnerId, partner.user.id), eq(commissions.month, '2026-10-01')));
    // 140.67 h × £150 = £21,100.50, 0.01 h × £150 = £1.50: £21,102 of profit
    expect(monthRows.filter((r) => r.status !== 'cancelled').map((r) => r.basis)).toEqual(['5000.00', '21100.50', '1.50']);
    expect(sumPence(monthRows)).toBe(744_000 + Math.round(2 * 0.4 * 100));
  });

  it('a paid estimate stands as an advance: approved profit earns only above the value already paid on', async () => {
    const partner = await member();
    // a £10,000 interim lead closed and paid in August: £2,000
    const { lead, commission } = await makeCommission(ctx.db, {
      partner: partner.user,
      by: admin.user,
      leadType: 'interim',
      estimatedValue: '10000',
      closedAt: new Date('2026-08-10T10:00:00Z'),
      paidAt: new Date('2026-09-01T10:00:00Z'),
    });
    expect(commission).toMatchObject({ status: 'paid', amount: '2000.00' });
    const placement = await hourlyPlacement(partner, { leadId: lead.id });
    // £6,000 of profit: under the £10,000 paid on, so nothing more yet
    await approvedWeek(placement, '2026-10-05', [8, 8, 8, 8, 8]);
    expect((await commissionsOf(lead.id)).filter((r) => r.kind === 'time')).toHaveLength(0);
    // another £6,000: £12,000 in all, £2,000 above the advance, earned in October at 20 %
    const second = await approvedWeek(placement, '2026-10-12', [8, 8, 8, 8, 8]);
    const rows = await commissionsOf(lead.id);
    expect(rows.map((r) => [r.kind, r.status, r.basis, r.amount, r.timesheetId])).toEqual([
      ['closed_won', 'paid', '10000.00', '2000.00', null],
      ['time', 'pending', '2000.00', '400.00', second.id],
    ]);
    // in all the partner is paid 20 % of the £12,000 the work made, once
    expect(sumPence(rows)).toBe(240_000);
  });

  it('a lead with a placement earns nothing on its estimate when it closes again, and keeps its time commission if it leaves closed-won', async () => {
    const partner = await member();
    const placement = await hourlyPlacement(partner);
    await approvedWeek(placement, '2026-10-05', [8]);
    await updateLeadStatus(ctx.db, admin.user, placement.leadId, { status: 'in-progress' }, ctx.clock.now());
    await updateLeadStatus(ctx.db, admin.user, placement.leadId, { status: 'closed-won' }, ctx.clock.now());
    const rows = await commissionsOf(placement.leadId);
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['closed_won', 'cancelled'],
      ['time', 'pending'],
    ]);
  });

  it('two approvals in one month at once both see each other: the month earns exactly the tiers on its total', async () => {
    const partner = await member();
    const first = await hourlyPlacement(partner);
    const second = await hourlyPlacement(partner);
    const weekA = await makeTimesheet(ctx.db, {
      placement: first,
      contractor: contractor.user,
      weekStarting: '2026-10-05',
      units: [24, 24, 24, 24, 24],
      status: 'pending',
      now: ctx.clock.now(),
    });
    const weekB = await makeTimesheet(ctx.db, {
      placement: second,
      contractor: contractor.user,
      weekStarting: '2026-10-05',
      units: [24, 24, 24, 24, 24],
      status: 'pending',
      now: ctx.clock.now(),
    });
    // £18,000 each: £36,000 in the month → 10,000 × 20 % + 10,000 × 30 % + 16,000 × 40 % = £11,400
    const answers = await Promise.all([
      customer.api.post(`/api/timesheets/${weekA.id}/approve`, { body: {} }),
      admin.api.post(`/api/timesheets/${weekB.id}/approve`, { body: {} }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await ctx.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.partnerId, partner.user.id), eq(commissions.kind, 'time')));
    expect(rows).toHaveLength(2);
    expect(sumPence(rows)).toBe(1_140_000);
    expect(rows.map((r) => r.amount).sort()).toEqual(['4400.00', '7000.00']); // whichever went first earned the lower tiers
  });
});

describe('corrections to approved time', () => {
  let partner: Member;
  let placement: Placement;
  let sheetId: string;

  beforeAll(async () => {
    partner = await member();
    placement = await hourlyPlacement(partner);
    // weeks before the test clock's 20 October: time is entered only for days that have happened
    sheetId = (await approvedWeek(placement, '2026-09-07', [10, 10, 10, 10, 10])).id; // £7,500 → £1,500
  });
  const entries = (units: number[], monday = '2026-09-07') =>
    units.map((u, i) => ({ date: new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), units: u, description: 'Corrected' }));

  it('only an administrator who is not the contractor corrects, only approved sheets, and always with a reason', async () => {
    expectError(await customer.api.post(`/api/timesheets/${sheetId}/adjust`, { body: { entries: entries([8]), reason: 'x' } }), 403, 'forbidden');
    expectError(await contractor.api.post(`/api/timesheets/${sheetId}/adjust`, { body: { entries: entries([8]), reason: 'x' } }), 403, 'forbidden');
    expectError(await partner.api.post(`/api/timesheets/${sheetId}/adjust`, { body: { entries: entries([8]), reason: 'x' } }), 403, 'forbidden');
    expectError(await admin.api.post(`/api/timesheets/${sheetId}/adjust`, { body: { entries: entries([8]) } }), 400, 'validation_failed');
    expectMessage(
      await admin.api.post(`/api/timesheets/${sheetId}/adjust`, { body: { entries: entries([8]), reason: '  ' } }),
      400,
      'validation_failed',
      M.reasonRequired,
    );
    // an administrator who is the contractor cannot correct their own time
    const adminContractor = await member({ role: 'admin' });
    const own = await makePlacement(ctx.db, {
      by: admin.user,
      referrer: partner.user,
      contractor: adminContractor.user,
      client: customer.user,
      startDate: '2026-09-01',
      endDate: '2026-12-31',
      now: ctx.clock.now(),
    });
    const ownSheet = await makeTimesheet(ctx.db, {
      placement: own,
      contractor: adminContractor.user,
      weekStarting: '2026-10-05',
      units: [8],
      status: 'approved',
      decidedBy: customer.user,
      now: ctx.clock.now(),
    });
    expect((await adminContractor.api.getOk(timesheetDetailSchema, `/api/timesheets/${ownSheet.id}`)).can.adjust).toBe(false);
    expectMessage(
      await adminContractor.api.post(`/api/timesheets/${ownSheet.id}/adjust`, { body: { entries: entries([4], '2026-10-05'), reason: 'Mine' } }),
      403,
      'forbidden',
      M.noOwnAdjustment,
    );
    // a sheet not approved is the contractor's to change
    const pending = await makeTimesheet(ctx.db, {
      placement,
      contractor: contractor.user,
      weekStarting: '2026-09-14',
      units: [8],
      status: 'pending',
      now: ctx.clock.now(),
    });
    expect((await admin.api.getOk(timesheetDetailSchema, `/api/timesheets/${pending.id}`)).can.adjust).toBe(false);
    expectMessage(
      await admin.api.post(`/api/timesheets/${pending.id}/adjust`, { body: { entries: entries([4], '2026-09-14'), reason: 'Fix' } }),
      409,
      'conflict',
      M.adjustOnlyApproved,
    );
    // nothing changed
    expect((await commissionsOf(placement.leadId)).filter((r) => r.kind === 'adjustment')).toHaveLength(0);
  });

  it('a correction down takes back the difference, one up earns it; both audited with the entries before and after', async () => {
    expect((await admin.api.getOk(timesheetDetailSchema, `/api/timesheets/${sheetId}`)).can.adjust).toBe(true);
    const later = () => (ctx.clock.current = new Date(ctx.clock.current.getTime() + 60_000));
    later();
    // 50 h → 40 h: £1,500 less profit; the month's basis falls from £7,500 to £6,000 (20 %): £300 back
    const down = await admin.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheetId}/adjust`, {
      body: { entries: entries([8, 8, 8, 8, 8]), reason: 'Client disputed Friday hours' },
    });
    expect(down).toMatchObject({ status: 'approved', totalUnits: 40 });
    // 40 h → 45 h: £750 more
    later();
    await admin.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheetId}/adjust`, { body: { entries: entries([9, 9, 9, 9, 9]), reason: 'Agreed with the client' } });
    const rows = (await commissionsOf(placement.leadId)).filter((r) => r.timesheetId === sheetId);
    expect(rows.map((r) => [r.kind, r.basis, r.amount, r.month])).toEqual([
      ['time', '7500.00', '1500.00', '2026-09-01'],
      ['adjustment', '-1500.00', '-300.00', '2026-09-01'],
      ['adjustment', '750.00', '150.00', '2026-09-01'],
    ]);
    expect(sumPence(rows)).toBe(Math.round(45 * 150 * 0.2 * 100));
    const audits = await ctx.db
      .select({ before: auditLog.before, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sheetId), eq(auditLog.action, 'timesheet.adjust')))
      .orderBy(auditLog.createdAt);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actorId: admin.user.id,
      before: { totalUnits: '50.00' },
      after: { totalUnits: '40.00', reason: 'Client disputed Friday hours', commissions: [{ amount: '-300.00', basis: '-1500.00', month: '2026-09' }] },
    });
    expect((audits[0].before as { entries: unknown[] }).entries).toHaveLength(5);
    // the contractor was told
    const [told] = await ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, contractor.user.id), eq(notifications.type, 'timesheet_decided'), sql`${notifications.title} like 'Timesheet corrected%'`))
      .limit(1);
    expect(told.message).toContain('from 50 hours to 40 hours');
  });
});

describe('a correction that crosses a paid advance', () => {
  it('books each week’s change in that week’s own month: taking away the time that used up the advance takes back what later weeks earned', async () => {
    const partner = await member();
    // £9,000 estimate closed and paid in August: £1,800
    const { lead } = await makeCommission(ctx.db, {
      partner: partner.user,
      by: admin.user,
      leadType: 'interim',
      estimatedValue: '9000',
      closedAt: new Date('2026-08-10T10:00:00Z'),
      paidAt: new Date('2026-09-01T10:00:00Z'),
    });
    const placement = await hourlyPlacement(partner, { leadId: lead.id });
    // September: 60 h, £9,000 of profit, all of it under the advance; October: 30 h, £4,500 above it, £900
    const september = await approvedWeek(placement, '2026-09-07', [12, 12, 12, 12, 12]);
    const october = await approvedWeek(placement, '2026-10-05', [6, 6, 6, 6, 6]);
    let rows = await commissionsOf(lead.id);
    expect(rows.filter((r) => r.kind !== 'closed_won').map((r) => [r.timesheetId, r.kind, r.basis, r.amount, r.month])).toEqual([
      [october.id, 'time', '4500.00', '900.00', '2026-10-01'],
    ]);
    // September's week was never worked: with it gone the advance covers October's profit, so October's £900 comes back off
    await admin.api.postOk(timesheetDetailSchema, `/api/timesheets/${september.id}/adjust`, { body: { entries: [], reason: 'Billed to the wrong placement' } });
    rows = await commissionsOf(lead.id);
    const octoberRows = rows.filter((r) => r.timesheetId === october.id);
    expect(octoberRows.map((r) => [r.kind, r.basis, r.amount, r.month]).sort()).toEqual([
      ['adjustment', '-4500.00', '-900.00', '2026-10-01'],
      ['time', '4500.00', '900.00', '2026-10-01'],
    ]);
    expect(rows.filter((r) => r.timesheetId === september.id)).toEqual([]);
    // September's basis is untouched; the partner keeps only the paid advance
    expect(sumPence(rows.filter((r) => r.kind !== 'closed_won'))).toBe(0);
    const [september1] = await ctx.db
      .select({ basis: sql<string>`coalesce(sum(${commissions.basis}), 0)::text` })
      .from(commissions)
      .where(and(eq(commissions.partnerId, partner.user.id), eq(commissions.month, '2026-09-01'), sql`${commissions.status} <> 'cancelled'`));
    expect(Number(september1.basis)).toBe(0);
  });
});

describe('a won lead is placed', () => {
  it('its pending estimate commission is cancelled at the first placement only, and a second placement changes nothing', async () => {
    const partner = await member();
    const lead = await makeLead(ctx.db, {
      submitter: partner.user,
      by: admin.user,
      leadType: 'recruitment',
      status: 'closed-won',
      estimatedValue: '8000',
      now: ctx.clock.now(),
    });
    expect((await commissionsOf(lead.id)).map((r) => r.status)).toEqual(['pending']);
    await hourlyPlacement(partner, { leadId: lead.id });
    await hourlyPlacement(partner, { leadId: lead.id });
    const rows = await commissionsOf(lead.id);
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    const summary = await partner.api.getOk(commissionSummarySchema, '/api/commissions/summary');
    expect(summary).toMatchObject({ thisMonthCommission: '0.00', closedWonValueThisMonth: '0.00', closesThisMonth: 1 });
  });
});
