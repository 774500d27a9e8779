import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { auditPageSchema } from '../../common/schemas/admin.ts';
import {
  placementPageSchema,
  placementSchema,
  timesheetDetailSchema,
  timesheetPageSchema,
  type Placement,
  type TimesheetDetail,
} from '../../common/schemas/timesheets.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { auditLog, notifications, timesheetEntries, timesheets } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client, type Client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
let admin: Member;
let contractor: Member;
let customer: Member;
let stranger: Member;
let partner: Member;
let pendingApi: Client;
let anon: Client;
let placement: Placement;

type Member = Awaited<ReturnType<typeof member>>;
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}

/**
 * Mondays of the placement (which runs 2025-01-06 to 2026-12-27): a fresh one per test, so sheets never collide,
 * and all before the test clock's 15 June 2026, since time is entered only for days that have happened.
 */
let weekCounter = 0;
const nextMonday = () => {
  weekCounter += 1;
  const d = new Date(Date.UTC(2025, 0, 6 + 7 * weekCounter));
  return d.toISOString().slice(0, 10);
};
const day = (monday: string, i: number) => new Date(new Date(`${monday}T00:00:00Z`).getTime() + i * 86_400_000).toISOString().slice(0, 10);

const sheetOf = (o: Partial<Parameters<typeof makeTimesheet>[1]> = {}) =>
  makeTimesheet(ctx.db, { placement, contractor: contractor.user, weekStarting: nextMonday(), now: ctx.clock.now(), ...o });
const get = (who: Member, id: string) => who.api.getOk(timesheetDetailSchema, `/api/timesheets/${id}`);
const act = (
  who: Member | { api: Client },
  id: string,
  action: 'submit' | 'approve' | 'reject',
  body: object = action === 'reject' ? { comments: 'Wrong hours on Friday.' } : {},
) => who.api.post(`/api/timesheets/${id}/${action}`, { body });
const storedStatus = async (id: string) => (await ctx.db.select({ s: timesheets.status }).from(timesheets).where(eq(timesheets.id, id)))[0].s;

const placementBody = (o: Record<string, unknown> = {}) => ({
  contractorId: contractor.user.id,
  clientId: customer.user.id,
  chargeRate: '650.00',
  payRate: '500',
  unit: 'day',
  startDate: '2026-06-01',
  endDate: '2026-09-30',
  ...o,
});
const wonLead = (leadType: 'interim' | 'recruitment' | 'advisory' = 'interim', status: 'closed-won' | 'qualified' = 'closed-won') =>
  makeLead(ctx.db, { submitter: partner.user, by: admin.user, leadType, status, now: new Date('2026-05-01T09:00:00Z') });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await member({ role: 'admin' });
  contractor = await member();
  customer = await member();
  stranger = await member();
  partner = await member();
  pendingApi = client(ctx.app, await openSession(ctx, (await makeUser(ctx.db, { accountStatus: 'pending' })).id));
  anon = client(ctx.app);
  placement = await makePlacement(ctx.db, {
    by: admin.user,
    referrer: partner.user,
    contractor: contractor.user,
    client: customer.user,
    startDate: '2025-01-06',
    now: ctx.clock.now(),
  });
});
afterAll(() => ctx.close());

describe('access', () => {
  const id = NO_SUCH_ID;
  const routes: Array<[string, string]> = [
    ['GET', '/api/placements'],
    ['POST', '/api/placements'],
    ['PATCH', `/api/placements/${id}`],
    ['GET', '/api/timesheets'],
    ['POST', '/api/timesheets'],
    ['GET', `/api/timesheets/${id}`],
    ['PATCH', `/api/timesheets/${id}`],
    ['POST', `/api/timesheets/${id}/submit`],
    ['POST', `/api/timesheets/${id}/approve`],
    ['POST', `/api/timesheets/${id}/reject`],
  ];
  const send = (c: Client, method: string, url: string) => c.request(method as 'GET', url, method === 'GET' ? {} : { body: {} });

  it('answers 401 signed out and 403 to a pending account on every route', async () => {
    for (const [method, url] of routes) {
      expectError(await send(anon, method, url), 401, 'unauthorized');
      expectError(await send(pendingApi, method, url), 403, 'forbidden');
    }
  });

  it('lets only administrators create and edit placements, before reading the body', async () => {
    expectError(await contractor.api.post('/api/placements', { body: placementBody({ leadId: (await wonLead()).id }) }), 403, 'forbidden');
    expectError(await customer.api.patch(`/api/placements/${placement.id}`, { body: { chargeRate: '1' } }), 403, 'forbidden');
    expectError(await admin.api.patch(`/api/placements/${id}`, { body: { chargeRate: '120' } }), 404, 'not_found');
  });

  it('answers 404 for a sheet that does not exist and for one the caller is not party to, leaving it unchanged', async () => {
    expectError(await contractor.api.get(`/api/timesheets/${id}`), 404, 'not_found');
    expectError(await contractor.api.get('/api/timesheets/not-an-id'), 400, 'validation_failed');
    const sheet = await sheetOf({ units: [8], status: 'pending' });
    expectError(await stranger.api.get(`/api/timesheets/${sheet.id}`), 404, 'not_found');
    expectError(await stranger.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries: [] } }), 404, 'not_found');
    for (const action of ['submit', 'approve', 'reject'] as const) expectError(await act(stranger, sheet.id, action), 404, 'not_found');
    expectError(await stranger.api.post('/api/timesheets', { body: { placementId: placement.id, weekStarting: nextMonday() } }), 404, 'not_found');
    expect(await storedStatus(sheet.id)).toBe('pending');
    // the stranger's lists hold nothing of it
    expect((await stranger.api.getOk(timesheetPageSchema, '/api/timesheets')).items).toEqual([]);
    expect((await stranger.api.getOk(placementPageSchema, '/api/placements')).items).toEqual([]);
  });

  it('refuses bad input and extra fields with 400', async () => {
    const sheet = await sheetOf();
    for (const body of [
      { placementId: placement.id },
      { placementId: 'x', weekStarting: nextMonday() },
      { placementId: placement.id, weekStarting: '2026-13-01' },
      { placementId: placement.id, weekStarting: nextMonday(), status: 'approved' },
    ])
      expectError(await contractor.api.post('/api/timesheets', { body }), 400, 'validation_failed');
    for (const body of [
      { entries: [{ date: sheet.weekStarting, units: -1 }] },
      { entries: [{ date: sheet.weekStarting, units: 25 }] },
      { entries: [{ date: sheet.weekStarting, units: 7.555 }] },
      { entries: [{ date: sheet.weekStarting, units: '8' }] },
      { entries: [{ date: 'monday', units: 8 }] },
      {
        entries: [
          { date: sheet.weekStarting, units: 8 },
          { date: sheet.weekStarting, units: 1 },
        ],
      },
      { entries: [], totalUnits: 40 },
      { entries: [{ date: sheet.weekStarting, units: 8, id: NO_SUCH_ID }] },
    ])
      expectError(await contractor.api.patch(`/api/timesheets/${sheet.id}`, { body }), 400, 'validation_failed');
    expectError(await act(customer, sheet.id, 'reject', {}), 400, 'validation_failed');
    expectError(await act(customer, sheet.id, 'reject', { comments: '   ' }), 400, 'validation_failed');
    expectError(await contractor.api.get('/api/timesheets', { query: { role: 'boss' } }), 400, 'validation_failed');
    expectError(await contractor.api.get('/api/timesheets', { query: { status: 'paid' } }), 400, 'validation_failed');
  });
});

describe('placements', () => {
  it('an administrator places a contractor with a client on a closed-won interim or recruitment lead, audited', async () => {
    const lead = await wonLead('recruitment');
    const p = await admin.api.create(placementSchema, '/api/placements', { body: placementBody({ leadId: lead.id }) });
    expect(p).toMatchObject({ leadId: lead.id, unit: 'day', chargeRate: '650.00', payRate: '500.00', startDate: '2026-06-01', endDate: '2026-09-30' });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'placement.create')));
    expect(audit.after).toMatchObject({ chargeRatePence: 65000, payRatePence: 50000 });
  });

  it('refuses a lead not won, of the wrong type, pay above charge, end before start, one member on both sides, a non-member', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ leadId: (await wonLead('interim', 'qualified')).id }, M.leadNotWon],
      [{ leadId: (await wonLead('advisory')).id }, M.leadWrongType],
      [{ leadId: NO_SUCH_ID }, M.leadNotFound],
    ];
    for (const [o, message] of cases)
      expect(expectError(await admin.api.post('/api/placements', { body: placementBody(o) }), 400, 'validation_failed').message).toBe(message);
    const leadId = (await wonLead()).id;
    for (const o of [{ payRate: '700' }, { endDate: '2026-05-31' }, { clientId: contractor.user.id }, { chargeRate: '0' }, { chargeRate: '1.234' }])
      expectError(await admin.api.post('/api/placements', { body: placementBody({ leadId, ...o }) }), 400, 'validation_failed');
    const applicant = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await admin.api.post('/api/placements', { body: placementBody({ leadId, clientId: applicant.id }) }), 400, 'validation_failed');
  });

  it('shows each party their own placements, the client the charge rate and the contractor the pay rate', async () => {
    const asContractor = await contractor.api.getOk(placementPageSchema, '/api/placements', { query: { role: 'contractor' } });
    expect(asContractor.items.map((p) => p.id)).toContain(placement.id);
    const mine = asContractor.items.find((p) => p.id === placement.id)!;
    expect(mine).toMatchObject({ payRate: '70.00', chargeRate: null, can: { edit: false, createTimesheet: true } });
    const asClient = await customer.api.getOk(placementPageSchema, '/api/placements', { query: { role: 'client' } });
    expect(asClient.items.find((p) => p.id === placement.id)).toMatchObject({ chargeRate: '100.00', payRate: null, can: { edit: false, createTimesheet: false } });
    expect((await customer.api.getOk(placementPageSchema, '/api/placements', { query: { role: 'contractor' } })).items).toEqual([]);
    const all = await admin.api.getOk(placementPageSchema, '/api/placements');
    expect(all.items.find((p) => p.id === placement.id)).toMatchObject({ chargeRate: '100.00', payRate: '70.00', can: { edit: true } });
  });

  it('an administrator edits rates and dates until a sheet is approved; the unit is fixed once sheets exist', async () => {
    const p = await makePlacement(ctx.db, {
      by: admin.user,
      contractor: contractor.user,
      client: customer.user,
      startDate: '2026-03-02',
      endDate: '2026-04-26',
      now: ctx.clock.now(),
    });
    const edited = await admin.api.patchOk(placementSchema, `/api/placements/${p.id}`, { body: { chargeRate: '110', endDate: '2026-05-31' } });
    expect(edited).toMatchObject({ chargeRate: '110.00', endDate: '2026-05-31' });
    expectError(await admin.api.patch(`/api/placements/${p.id}`, { body: { payRate: '111' } }), 400, 'validation_failed');
    await makeTimesheet(ctx.db, {
      placement: p,
      contractor: contractor.user,
      weekStarting: '2026-03-09',
      units: [8],
      status: 'approved',
      decidedBy: customer.user,
      now: ctx.clock.now(),
    });
    expect(expectError(await admin.api.patch(`/api/placements/${p.id}`, { body: { unit: 'day' } }), 409, 'conflict').message).toBe(M.unitLocked);
    expect(expectError(await admin.api.patch(`/api/placements/${p.id}`, { body: { payRate: '60' } }), 409, 'conflict').message).toBe(M.ratesLocked);
    expect(expectError(await admin.api.patch(`/api/placements/${p.id}`, { body: { startDate: '2026-03-16' } }), 409, 'conflict').message).toBe(M.sheetsOutsideDates);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'placement.update'))),
    ).toHaveLength(1);
  });
});

describe('creating a week', () => {
  it('the contractor creates one sheet per placement and week: a second is 409, and the client or an admin cannot create one', async () => {
    const weekStarting = nextMonday();
    const sheet = await contractor.api.create(timesheetDetailSchema, '/api/timesheets', { body: { placementId: placement.id, weekStarting } });
    expect(sheet).toMatchObject({
      status: 'draft',
      weekStarting,
      weekEnding: day(weekStarting, 6),
      totalUnits: 0,
      entries: [],
      unit: 'hour',
      can: { edit: true, submit: true },
    });
    expect(expectError(await contractor.api.post('/api/timesheets', { body: { placementId: placement.id, weekStarting } }), 409, 'conflict').message).toBe(
      M.duplicateWeek,
    );
    expectError(await customer.api.post('/api/timesheets', { body: { placementId: placement.id, weekStarting: nextMonday() } }), 403, 'forbidden');
    expectError(await admin.api.post('/api/timesheets', { body: { placementId: placement.id, weekStarting: nextMonday() } }), 403, 'forbidden');
    expect(
      await ctx.db
        .select()
        .from(timesheets)
        .where(and(eq(timesheets.placementId, placement.id), eq(timesheets.weekStarting, weekStarting))),
    ).toHaveLength(1);
  });

  it('two creates of the same week at once end with one sheet and one 409', async () => {
    const weekStarting = nextMonday();
    const body = { placementId: placement.id, weekStarting };
    const answers = await Promise.all([contractor.api.post('/api/timesheets', { body }), contractor.api.post('/api/timesheets', { body })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      await ctx.db
        .select()
        .from(timesheets)
        .where(and(eq(timesheets.placementId, placement.id), eq(timesheets.weekStarting, weekStarting))),
    ).toHaveLength(1);
  });

  it('a week starts on a Monday within the placement’s dates', async () => {
    const p = await makePlacement(ctx.db, {
      by: admin.user,
      contractor: contractor.user,
      client: customer.user,
      startDate: '2026-03-04',
      endDate: '2026-03-20',
      now: ctx.clock.now(),
    });
    const create = (weekStarting: string) => contractor.api.post('/api/timesheets', { body: { placementId: p.id, weekStarting } });
    expect(expectError(await create('2026-03-03'), 400, 'validation_failed').message).toBe(M.weekNotMonday);
    expect(expectError(await create('2026-02-23'), 400, 'validation_failed').message).toBe(M.weekOutsidePlacement);
    expect(expectError(await create('2026-03-23'), 400, 'validation_failed').message).toBe(M.weekOutsidePlacement);
    // the week the placement starts in (mid-week) and the one it ends in are both its weeks
    const first = await contractor.api.create(timesheetDetailSchema, '/api/timesheets', { body: { placementId: p.id, weekStarting: '2026-03-02' } });
    await contractor.api.create(timesheetDetailSchema, '/api/timesheets', { body: { placementId: p.id, weekStarting: '2026-03-16' } });
    // but only its days take time
    const res = await contractor.api.patch(`/api/timesheets/${first.id}`, { body: { entries: [{ date: '2026-03-03', units: 8 }] } });
    expect(expectError(res, 400, 'validation_failed').message).toBe(M.dateOutsidePlacement);
    await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${first.id}`, { body: { entries: [{ date: '2026-03-04', units: 8 }] } });
  });
});

describe('entries and totals', () => {
  it('the total is the server’s sum of the entries; a client-sent total is refused and entries replace the stored ones', async () => {
    const sheet = await sheetOf();
    const entries = [
      { date: day(sheet.weekStarting, 0), units: 7.5, description: 'Board pack' },
      { date: day(sheet.weekStarting, 1), units: 8.25, description: 'Finance review' },
      { date: day(sheet.weekStarting, 2), units: 0.1 },
    ];
    const saved = await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`, { body: { entries } });
    expect(saved.totalUnits).toBe(15.85);
    expect(saved.entries).toEqual([
      { date: entries[0].date, units: 7.5, description: 'Board pack' },
      { date: entries[1].date, units: 8.25, description: 'Finance review' },
      { date: entries[2].date, units: 0.1, description: null },
    ]);
    expectError(await contractor.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries, totalUnits: 100 } }), 400, 'validation_failed');
    const replaced = await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`, {
      body: { entries: [{ date: day(sheet.weekStarting, 4), units: 4 }] },
    });
    expect(replaced).toMatchObject({ totalUnits: 4, entries: [{ date: day(sheet.weekStarting, 4), units: 4, description: null }] });
    expect(await ctx.db.select().from(timesheetEntries).where(eq(timesheetEntries.timesheetId, sheet.id))).toHaveLength(1);
    expect((await ctx.db.select({ t: timesheets.totalUnits }).from(timesheets).where(eq(timesheets.id, sheet.id)))[0].t).toBe('4.00');
  });

  it('days lie within the sheet’s week', async () => {
    const sheet = await sheetOf();
    for (const date of [day(sheet.weekStarting, -1), day(sheet.weekStarting, 7)]) {
      const res = await contractor.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries: [{ date, units: 1 }] } });
      expect(expectError(res, 400, 'validation_failed').message).toBe(M.dateOutsideWeek);
    }
  });

  it('a day holds up to 24 hours on an hourly placement and up to 1 day on a daily one', async () => {
    const sheet = await sheetOf();
    await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`, { body: { entries: [{ date: sheet.weekStarting, units: 24 }] } });
    const daily = await makePlacement(ctx.db, {
      by: admin.user,
      contractor: contractor.user,
      client: customer.user,
      unit: 'day',
      chargeRate: '800',
      payRate: '600',
      now: ctx.clock.now(),
    });
    const week = await makeTimesheet(ctx.db, { placement: daily, contractor: contractor.user, weekStarting: '2026-02-02', now: ctx.clock.now() });
    expect(week.unit).toBe('day');
    const tooMuch = await contractor.api.patch(`/api/timesheets/${week.id}`, { body: { entries: [{ date: '2026-02-02', units: 1.5 }] } });
    expect(expectError(tooMuch, 400, 'validation_failed').message).toBe(M.unitsTooMany(1, 'day'));
    const ok = await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${week.id}`, {
      body: { entries: [0, 1, 2, 3, 4].map((i) => ({ date: day('2026-02-02', i), units: i === 4 ? 0.5 : 1 })) },
    });
    expect(ok.totalUnits).toBe(4.5);
  });

  it('only the contractor edits: the client and an administrator get 403 and the entries stay', async () => {
    const sheet = await sheetOf({ units: [8] });
    for (const who of [customer, admin]) {
      const res = await who.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries: [{ date: sheet.weekStarting, units: 1 }] } });
      expect(expectError(res, 403, 'forbidden').message).toBe(M.onlyContractorEdits);
      expectError(await act(who, sheet.id, 'submit'), 403, 'forbidden');
    }
    expect((await get(contractor, sheet.id)).totalUnits).toBe(8);
  });
});

describe('the state machine', () => {
  it('draft → pending → approved: the client is told at submission, the contractor at the decision; audited; then locked', async () => {
    const sheet = await sheetOf({ units: [8, 8, 7.5] });
    expect(sheet.status).toBe('draft');
    const pending = await contractor.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/submit`, { body: {} });
    expect(pending).toMatchObject({ status: 'pending', submittedAt: ctx.clock.now().toISOString(), can: { edit: false, submit: false, approve: false, reject: false } });
    expect((await get(customer, sheet.id)).can).toEqual({ edit: false, submit: false, approve: true, reject: true, adjust: false });
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.user.id), eq(notifications.entityId, sheet.id)));
    expect(told).toMatchObject([{ type: 'timesheet_submitted', actionUrl: `/timesheets/${sheet.id}` }]);
    expect(told[0].message).toContain('23.5 hours');

    ctx.clock.advance(60_000);
    const approved = await customer.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/approve`, { body: { comments: 'Thanks.' } });
    expect(approved).toMatchObject({
      status: 'approved',
      approvedBy: customer.user.id,
      approvedAt: ctx.clock.now().toISOString(),
      approvalComments: 'Thanks.',
      totalUnits: 23.5,
    });
    const decided = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, contractor.user.id), eq(notifications.entityId, sheet.id)));
    expect(decided).toMatchObject([{ type: 'timesheet_decided' }]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sheet.id), eq(auditLog.action, 'timesheet.approve')));
    expect(audit).toMatchObject({ actorId: customer.user.id, before: { status: 'pending' }, after: { status: 'approved' } });
    // the audit log names the sheet in words
    const log = await admin.api.getOk(auditPageSchema, '/api/admin/audit-log', { query: { pageSize: 100 } });
    const [y, m, d] = sheet.weekStarting.split('-').map(Number);
    const week = `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
    expect(log.items.find((e) => e.entityId === sheet.id)?.entityLabel).toBe(`${sheet.projectName}, week of ${week}`);

    // locked: every further move is a conflict, and nothing changed
    expect(expectError(await contractor.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries: [] } }), 409, 'conflict').message).toBe(M.notEditable('approved'));
    for (const action of ['submit', 'approve', 'reject'] as const) expectError(await act(action === 'submit' ? contractor : customer, sheet.id, action), 409, 'conflict');
    expect((await get(contractor, sheet.id)).totalUnits).toBe(23.5);
  });

  it('pending → rejected (comments required) → corrected → pending again → approved by an administrator', async () => {
    const sheet = await sheetOf({ units: [10], status: 'pending' });
    const rejected = await customer.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/reject`, { body: { comments: 'Monday was 8 hours.' } });
    expect(rejected).toMatchObject({ status: 'rejected', approvalComments: 'Monday was 8 hours.', approvedBy: null, approvedAt: null });
    expect((await get(contractor, sheet.id)).can).toEqual({ edit: true, submit: true, approve: false, reject: false, adjust: false });
    const fixed = await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`, { body: { entries: [{ date: sheet.weekStarting, units: 8 }] } });
    expect(fixed).toMatchObject({ status: 'rejected', totalUnits: 8 });
    await contractor.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/submit`, { body: {} });
    const approved = await admin.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/approve`, { body: {} });
    expect(approved).toMatchObject({ status: 'approved', approvedBy: admin.user.id, approvalComments: null, totalUnits: 8 });
  });

  it('every illegal transition is 409 with a clear message, and the status stays', async () => {
    const illegal: Array<[TimesheetDetail['status'], 'submit' | 'approve' | 'reject' | 'edit', string]> = [
      ['draft', 'approve', M.notPending('draft')],
      ['draft', 'reject', M.notPending('draft')],
      ['pending', 'submit', M.notSubmittable('pending')],
      ['pending', 'edit', M.notEditable('pending')],
      ['rejected', 'approve', M.notPending('rejected')],
      ['rejected', 'reject', M.notPending('rejected')],
      ['approved', 'submit', M.notSubmittable('approved')],
      ['approved', 'edit', M.notEditable('approved')],
      ['approved', 'approve', M.notPending('approved')],
      ['approved', 'reject', M.notPending('approved')],
    ];
    for (const [status, action, message] of illegal) {
      const sheet = await sheetOf({ units: [8], status, decidedBy: customer.user });
      const res =
        action === 'edit'
          ? await contractor.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries: [] } })
          : await act(action === 'submit' ? contractor : customer, sheet.id, action);
      expect(expectError(res, 409, 'conflict').message, `${status} → ${action}`).toBe(message);
      expect(await storedStatus(sheet.id)).toBe(status);
    }
    // an empty sheet cannot be submitted
    const empty = await sheetOf();
    expect(expectError(await act(contractor, empty.id, 'submit'), 409, 'conflict').message).toBe(M.emptySheet);
  });

  it('the contractor cannot approve or reject their own sheet, even as an administrator', async () => {
    const sheet = await sheetOf({ units: [8], status: 'pending' });
    for (const action of ['approve', 'reject'] as const) expect(expectError(await act(contractor, sheet.id, action), 403, 'forbidden').message).toBe(M.onlyClientDecides);
    const adminContractor = await member({ role: 'admin' });
    const own = await makePlacement(ctx.db, { by: admin.user, contractor: adminContractor.user, client: customer.user, now: ctx.clock.now() });
    const ownSheet = await makeTimesheet(ctx.db, { placement: own, contractor: adminContractor.user, weekStarting: '2026-01-12', units: [8], status: 'pending' });
    expectError(await act(adminContractor, ownSheet.id, 'approve'), 403, 'forbidden');
    expect(await storedStatus(sheet.id)).toBe('pending');
    expect(await storedStatus(ownSheet.id)).toBe('pending');
  });
});

describe('lists', () => {
  it('lists by role and status, newest week first, each sheet only to its parties and administrators', async () => {
    const other = await member();
    const p = await makePlacement(ctx.db, { by: admin.user, contractor: other.user, client: customer.user, now: ctx.clock.now() });
    const a = await makeTimesheet(ctx.db, { placement: p, contractor: other.user, weekStarting: '2026-02-09', units: [8], status: 'pending' });
    const b = await makeTimesheet(ctx.db, { placement: p, contractor: other.user, weekStarting: '2026-02-16', units: [8], status: 'pending' });
    const c = await makeTimesheet(ctx.db, { placement: p, contractor: other.user, weekStarting: '2026-02-23' });

    const waiting = await customer.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { role: 'client', status: 'pending', pageSize: 100 } });
    const ids = waiting.items.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids).not.toContain(c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(waiting.items.every((s) => s.status === 'pending' && s.clientId === customer.user.id)).toBe(true);

    const theirs = await other.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { role: 'contractor' } });
    expect(theirs.items.map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(theirs.total).toBe(3);
    expect((await other.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { role: 'client' } })).items).toEqual([]);
    // the first contractor sees none of another contractor's sheets
    expect((await contractor.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { pageSize: 100 } })).items.map((s) => s.id)).not.toContain(a.id);
    expectError(await contractor.api.get(`/api/timesheets/${a.id}`), 404, 'not_found');
    // an administrator sees all
    const all = await admin.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { status: 'draft', pageSize: 100 } });
    expect(all.items.map((s) => s.id)).toContain(c.id);
  });

  it('an administrator’s totals, kept per status by the database, always equal a real count of the sheets', async () => {
    const realCount = async (status?: string) =>
      (
        await ctx.db
          .select({ n: count() })
          .from(timesheets)
          .where(status ? eq(timesheets.status, status) : undefined)
      )[0].n;
    const check = async () => {
      expect((await admin.api.getOk(timesheetPageSchema, '/api/timesheets')).total).toBe(await realCount());
      for (const status of ['draft', 'pending', 'approved', 'rejected'] as const) {
        expect((await admin.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { status } })).total, status).toBe(await realCount(status));
      }
    };
    await check();
    // created, submitted, decided both ways, resubmitted, and several at once (the administrator did not refer the lead: they approve)
    const p = await makePlacement(ctx.db, { by: admin.user, referrer: partner.user, contractor: contractor.user, client: customer.user, now: ctx.clock.now() });
    const one = await makeTimesheet(ctx.db, {
      placement: p,
      contractor: contractor.user,
      weekStarting: '2026-03-02',
      units: [8],
      status: 'rejected',
      decidedBy: customer.user,
    });
    await act(contractor, one.id, 'submit');
    await Promise.all(
      ['2026-03-09', '2026-03-16', '2026-03-23'].map((weekStarting) =>
        makeTimesheet(ctx.db, { placement: p, contractor: contractor.user, weekStarting, units: [8], status: 'approved', decidedBy: admin.user }),
      ),
    );
    await check();
    // a page past the end still says how many there are
    const past = await admin.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { page: 500 } });
    expect(past).toMatchObject({ items: [], total: await realCount() });
    const mine = await contractor.api.getOk(timesheetPageSchema, '/api/timesheets', { query: { page: 500, status: 'approved' } });
    expect(mine.items).toEqual([]);
    expect(mine.total).toBe(
      (
        await ctx.db
          .select({ n: count() })
          .from(timesheets)
          .where(and(eq(timesheets.contractorId, contractor.user.id), eq(timesheets.status, 'approved')))
      )[0].n,
    );
  });
});

describe('days still to come', () => {
  // the test clock reads Monday 15 June 2026, 11:00 in London: Tuesday 16 June onwards has not happened yet
  const thisMonday = '2026-06-15';
  const nextWeek = '2026-06-22';
  /** A sheet on a placement of its own, so these weeks never collide with the other tests' sheets. */
  const freshSheet = async (o: Partial<Parameters<typeof makeTimesheet>[1]> & { weekStarting: string }) => {
    const own = await makePlacement(ctx.db, { by: admin.user, referrer: partner.user, contractor: contractor.user, client: customer.user, now: ctx.clock.now() });
    return makeTimesheet(ctx.db, { placement: own, contractor: contractor.user, now: ctx.clock.now(), ...o });
  };
  const entriesOf = async (id: string) =>
    (await ctx.db.select({ date: timesheetEntries.date, units: timesheetEntries.units }).from(timesheetEntries).where(eq(timesheetEntries.timesheetId, id))).map((e) => [
      e.date,
      e.units,
    ]);
  /** Moves a stored day's time to another day directly, as an older release let a contractor do. */
  const moveTime = (id: string, from: string, to: string) =>
    ctx.db
      .update(timesheetEntries)
      .set({ date: to })
      .where(and(eq(timesheetEntries.timesheetId, id), eq(timesheetEntries.date, from)));

  it('refuses time on a day after today (London) with 400, keeping the entries; today and earlier days are fine', async () => {
    const sheet = await freshSheet({ weekStarting: thisMonday, units: [4] });
    const res = await contractor.api.patch(`/api/timesheets/${sheet.id}`, {
      body: {
        entries: [
          { date: thisMonday, units: 8 },
          { date: day(thisMonday, 1), units: 6 },
        ],
      },
    });
    const err = expectError(res, 400, 'validation_failed');
    expect(err.message).toBe(M.futureDay);
    expect(err.issues).toEqual([{ path: 'entries.1.units', message: M.futureDay }]);
    expect(await entriesOf(sheet.id)).toEqual([[thisMonday, '4.00']]);
    // a note without time on a later day is not time
    const saved = await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`, {
      body: {
        entries: [
          { date: thisMonday, units: 8 },
          { date: day(thisMonday, 1), units: 0, description: 'Steering group' },
        ],
      },
    });
    expect(saved.totalUnits).toBe(8);
  });

  it('counts the day by the London calendar: at 23:30 UTC in summer it is already the next day', async () => {
    const sheet = await freshSheet({ weekStarting: thisMonday });
    const tuesday = [{ date: day(thisMonday, 1), units: 7 }];
    const saved = ctx.clock.current;
    try {
      ctx.clock.current = new Date('2026-06-15T22:59:00Z');
      expectError(await contractor.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries: tuesday } }), 400, 'validation_failed');
      ctx.clock.current = new Date('2026-06-15T23:30:00Z');
      expect((await contractor.api.patchOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}`, { body: { entries: tuesday } })).totalUnits).toBe(7);
    } finally {
      ctx.clock.current = saved;
    }
  });

  it('refuses to submit a week that has not started (409), and the sheet stays a draft', async () => {
    const sheet = await freshSheet({ weekStarting: nextWeek });
    expectError(await contractor.api.patch(`/api/timesheets/${sheet.id}`, { body: { entries: [{ date: nextWeek, units: 8 }] } }), 400, 'validation_failed');
    expect(expectError(await act(contractor, sheet.id, 'submit'), 409, 'conflict').message).toBe(M.futureWeek);
    expect(await storedStatus(sheet.id)).toBe('draft');
  });

  it('neither submits nor approves time stored on a later day before this check existed', async () => {
    const draft = await freshSheet({ weekStarting: thisMonday, units: [8] });
    await moveTime(draft.id, thisMonday, day(thisMonday, 2));
    expect(expectError(await act(contractor, draft.id, 'submit'), 409, 'conflict').message).toBe(M.futureTimeOnSheet);
    expect(await storedStatus(draft.id)).toBe('draft');

    const pending = await freshSheet({ weekStarting: thisMonday, units: [8], status: 'pending' });
    await moveTime(pending.id, thisMonday, day(thisMonday, 2));
    for (const who of [customer, admin]) expect(expectError(await act(who, pending.id, 'approve'), 409, 'conflict').message).toBe(M.futureTimeOnSheet);
    expect(await storedStatus(pending.id)).toBe('pending');
    // rejecting it, so the contractor corrects it, stays possible
    await customer.api.postOk(timesheetDetailSchema, `/api/timesheets/${pending.id}/reject`, { body: { comments: 'Wednesday has not happened yet.' } });
    expect(await storedStatus(pending.id)).toBe('rejected');
  });
});
