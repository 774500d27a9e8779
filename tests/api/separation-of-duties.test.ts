import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { adminCommissionPageSchema } from '../../common/schemas/commission.ts';
import { placementSchema, timesheetDetailSchema, timesheetPageSchema } from '../../common/schemas/timesheets.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { commissions, placements, timesheets } from '../../server/db/schema/index.ts';
import { OWN_COMMISSION_MESSAGE } from '../../server/policies/commissions.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

/**
 * Whoever earns a commission never decides it: an administrator who referred a placement's lead neither approves
 * nor corrects its timesheets, nobody pays their own commission, and the referrer is never made the placement's
 * client (who approves its time).
 */

let ctx: TestContext;
let admin: Member;
let otherAdmin: Member;
let contractor: Member;
let customer: Member;

type Member = Awaited<ReturnType<typeof member>>;
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}
async function refusedWith(res: Awaited<ReturnType<Member['api']['post']>>, status: number, code: Parameters<typeof expectError>[2], message: string) {
  expect(expectError(res, status, code).message).toBe(message);
}

/** A placement on a lead the administrator `admin` referred; `otherAdmin` made it. */
const referredByAdmin = () =>
  makePlacement(ctx.db, {
    by: otherAdmin.user,
    referrer: admin.user,
    contractor: contractor.user,
    client: customer.user,
    unit: 'hour',
    startDate: '2026-09-01',
    endDate: '2026-12-31',
    now: ctx.clock.now(),
  });
const sheetRow = async (id: string) => (await ctx.db.select().from(timesheets).where(eq(timesheets.id, id)))[0];
const entries = (monday: string, units: number[]) =>
  units.map((u, i) => ({ date: new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), units: u, description: 'Corrected' }));

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.current = new Date('2026-10-20T10:00:00Z');
  admin = await member({ role: 'admin' });
  otherAdmin = await member({ role: 'admin' });
  contractor = await member();
  customer = await member();
});
afterAll(async () => {
  await ctx?.close();
});

describe('timesheets whose commission the administrator earns', () => {
  it('the referring administrator cannot approve (403, the sheet still pending, no commission), sees no approve ability, and may still reject', async () => {
    const placement = await referredByAdmin();
    const sheet = await makeTimesheet(ctx.db, {
      placement,
      contractor: contractor.user,
      weekStarting: '2026-10-05',
      units: [8, 8],
      status: 'pending',
      now: ctx.clock.now(),
    });
    const before = await ctx.db.select().from(commissions).where(eq(commissions.leadId, placement.leadId));
    const shown = await admin.api.getOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`);
    expect(shown.can).toMatchObject({ approve: false, reject: true, adjust: false });
    const listed = await admin.api.getOk(timesheetPageSchema, '/api/timesheets?status=pending');
    expect(listed.items.find((s) => s.id === sheet.id)?.can.approve).toBe(false);

    await refusedWith(await admin.api.post(`/api/timesheets/${sheet.id}/approve`, { body: {} }), 403, 'forbidden', M.noOwnCommissionApproval);
    expect(await sheetRow(sheet.id)).toMatchObject({ status: 'pending', approvedBy: null });
    expect(await ctx.db.select().from(commissions).where(eq(commissions.leadId, placement.leadId))).toEqual(before);

    // another administrator, or the client, approves it
    expect((await otherAdmin.api.getOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`)).can.approve).toBe(true);
    expect((await customer.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/approve`, { body: {} })).status).toBe('approved');

    // the payout CSV shows what a time row was earned on (16 hours at £30 of profit: £480), not the deal's value
    const csv = await otherAdmin.api.get('/api/admin/commissions.csv', { query: { month: '2026-10' } });
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    const valueAt = header.split(',').indexOf('Value earned on (GBP)');
    const timeRow = rows.map((r) => r.split(',')).find((cells) => cells.some((c) => c.startsWith('Approved time (week starting 2026-10-05)')))!;
    expect(timeRow[valueAt]).toBe('480.00');
  });

  it('the referring administrator cannot correct approved time (403, entries and commission unchanged); another administrator can', async () => {
    const placement = await referredByAdmin();
    const sheet = await makeTimesheet(ctx.db, {
      placement,
      contractor: contractor.user,
      weekStarting: '2026-10-12',
      units: [8],
      status: 'approved',
      decidedBy: customer.user,
      now: ctx.clock.now(),
    });
    const before = await ctx.db.select().from(commissions).where(eq(commissions.leadId, placement.leadId));
    expect((await admin.api.getOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`)).can.adjust).toBe(false);
    await refusedWith(
      await admin.api.post(`/api/timesheets/${sheet.id}/adjust`, { body: { entries: entries('2026-10-12', [12, 12, 12]), reason: 'More hours' } }),
      403,
      'forbidden',
      M.noOwnCommissionAdjustment,
    );
    expect(Number((await sheetRow(sheet.id)).totalUnits)).toBe(8);
    expect(await ctx.db.select().from(commissions).where(eq(commissions.leadId, placement.leadId))).toEqual(before);

    expect((await otherAdmin.api.getOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`)).can.adjust).toBe(true);
    const corrected = await otherAdmin.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/adjust`, {
      body: { entries: entries('2026-10-12', [6]), reason: 'Fewer hours' },
    });
    expect(corrected.totalUnits).toBe(6);
  });
});

describe('placements', () => {
  const body = (leadId: string, clientId: string) => ({
    leadId,
    contractorId: contractor.user.id,
    clientId,
    chargeRate: '100',
    payRate: '70',
    unit: 'hour',
    startDate: '2026-11-02',
    endDate: '2026-12-27',
  });
  const wonLead = (referrer: Member) =>
    makeLead(ctx.db, { submitter: referrer.user, by: otherAdmin.user, leadType: 'interim', status: 'closed-won', now: ctx.clock.now() });

  it('refuses the lead’s referrer as the client, on creation (400, nothing made) and on a change (400, client unchanged)', async () => {
    const partner = await member();
    const lead = await wonLead(partner);
    const res = await otherAdmin.api.post('/api/placements', { body: body(lead.id, partner.user.id) });
    const error = expectError(res, 400, 'validation_failed');
    expect(error.issues).toEqual([{ path: 'clientId', message: M.clientIsReferrer }]);
    expect(await ctx.db.select().from(placements).where(eq(placements.leadId, lead.id))).toEqual([]);

    const made = await otherAdmin.api.create(placementSchema, '/api/placements', { body: body(lead.id, customer.user.id) });
    const changed = await otherAdmin.api.patch(`/api/placements/${made.id}`, { body: { clientId: partner.user.id } });
    expect(expectError(changed, 400, 'validation_failed').issues).toEqual([{ path: 'clientId', message: M.clientIsReferrer }]);
    expect((await ctx.db.select().from(placements).where(eq(placements.id, made.id)))[0].clientId).toBe(customer.user.id);
  });
});

describe('paying commission', () => {
  it('an administrator cannot pay their own commission (403, still pending, no markPaid ability); another administrator can', async () => {
    const { commission: own } = await makeCommission(ctx.db, { partner: admin.user, by: otherAdmin.user, closedAt: ctx.clock.now() });
    const page = await admin.api.getOk(adminCommissionPageSchema, '/api/admin/commissions?pageSize=100');
    expect(page.items.find((c) => c.id === own.id)?.can.markPaid).toBe(false);

    await refusedWith(await admin.api.post(`/api/admin/commissions/${own.id}/pay`, { body: {} }), 403, 'forbidden', OWN_COMMISSION_MESSAGE);
    expect((await ctx.db.select().from(commissions).where(eq(commissions.id, own.id)))[0]).toMatchObject({ status: 'pending', paidAt: null });

    const theirs = await otherAdmin.api.getOk(adminCommissionPageSchema, '/api/admin/commissions?pageSize=100');
    expect(theirs.items.find((c) => c.id === own.id)?.can.markPaid).toBe(true);
    expect((await otherAdmin.api.post(`/api/admin/commissions/${own.id}/pay`, { body: {} })).statusCode).toBe(200);
  });
});
