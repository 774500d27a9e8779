import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { auditPageSchema } from '../../common/schemas/admin.ts';
import { timesheetDetailSchema, type TimesheetDetail } from '../../common/schemas/timesheets.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { auditLog, notifications, timesheetEntries } from '../../server/db/schema/index.ts';
import { expectError } from '../helpers/http.ts';
import {
  act,
  admin,
  contractor,
  ctx,
  customer,
  day,
  eventsOf,
  get,
  member,
  partner,
  placement,
  sheetOf,
  storedStatus,
  useTimesheetWorld,
} from '../helpers/timesheets.ts';

/** A sheet's life: submitted, approved or rejected, corrected by an administrator; and time on days still to come. */

useTimesheetWorld();

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
    const facts = {
      timesheetId: sheet.id,
      placementId: placement.id,
      contractorId: contractor.user.id,
      clientId: customer.user.id,
      weekStarting: sheet.weekStarting,
      unit: 'hour',
    };
    expect(await eventsOf('timesheet.submitted', sheet.id)).toMatchObject([
      { entityType: 'timesheet', actorId: contractor.user.id, data: { ...facts, status: 'pending', totalUnitsHundredths: 2350 } },
    ]);

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
    // 23.5 hours at £30.00 of profit each
    expect(await eventsOf('timesheet.approved', sheet.id)).toMatchObject([
      { entityType: 'timesheet', actorId: customer.user.id, data: { ...facts, status: 'approved', totalUnitsHundredths: 2350, grossProfitPence: 70500 } },
    ]);
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
    expect(await eventsOf('timesheet.rejected', sheet.id)).toMatchObject([{ actorId: customer.user.id, data: { status: 'rejected', totalUnitsHundredths: 1000 } }]);
    // the first submission (of 10 hours) made the sheet pending; the second is the corrected one
    expect((await eventsOf('timesheet.submitted', sheet.id)).at(-1)).toMatchObject({
      actorId: contractor.user.id,
      data: { status: 'pending', totalUnitsHundredths: 800 },
    });
    expect(await eventsOf('timesheet.approved', sheet.id)).toMatchObject([{ actorId: admin.user.id, data: { status: 'approved', totalUnitsHundredths: 800 } }]);
  });

  it('an administrator corrects approved time: the sheet stays approved, the contractor is told, and the correction is recorded', async () => {
    const sheet = await sheetOf({ units: [8], status: 'approved', decidedBy: customer.user });
    const body = { entries: [{ date: sheet.weekStarting, units: 6 }], reason: 'Monday was 6 hours.' };
    const corrected = await admin.api.postOk(timesheetDetailSchema, `/api/timesheets/${sheet.id}/adjust`, { body });
    expect(corrected).toMatchObject({ status: 'approved', totalUnits: 6 });
    // the sheet's approval told them first
    const told = (
      await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, contractor.user.id), eq(notifications.entityId, sheet.id), eq(notifications.type, 'timesheet_decided')))
    ).find((n) => n.title.startsWith('Timesheet corrected'))!;
    expect(told).toMatchObject({ title: `Timesheet corrected: ${sheet.projectName}`, priority: 'normal' });
    expect(told.message).toContain('from 8 hours to 6 hours: “Monday was 6 hours.”');
    // 6 hours at £30.00 of profit each
    expect(await eventsOf('timesheet.adjusted', sheet.id)).toMatchObject([
      {
        entityType: 'timesheet',
        actorId: admin.user.id,
        data: { status: 'approved', totalUnitsBeforeHundredths: 800, totalUnitsHundredths: 600, grossProfitPence: 18000 },
      },
    ]);
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
