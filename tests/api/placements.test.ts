import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { placementPageSchema, placementSchema, timesheetPageSchema } from '../../common/schemas/timesheets.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { auditLog } from '../../server/db/schema/index.ts';
import { makeUser } from '../helpers/app.ts';
import type { Client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';
import {
  act,
  admin,
  anon,
  contractor,
  ctx,
  customer,
  eventsOf,
  nextMonday,
  pendingApi,
  placement,
  placementBody,
  sheetOf,
  storedStatus,
  stranger,
  useTimesheetWorld,
  wonLead,
} from '../helpers/timesheets.ts';

/** Who may reach the placement and timesheet routes, and placements: made and changed by administrators, seen by their parties. */

useTimesheetWorld();

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
    expect(await eventsOf('placement.created', p.id)).toMatchObject([
      {
        entityType: 'placement',
        actorId: admin.user.id,
        data: {
          placementId: p.id,
          leadId: lead.id,
          contractorId: contractor.user.id,
          clientId: customer.user.id,
          unit: 'day',
          chargeRatePence: 65000,
          payRatePence: 50000,
          startDate: '2026-06-01',
          endDate: '2026-09-30',
        },
      },
    ]);
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
    expect(await eventsOf('placement.updated', p.id)).toMatchObject([
      {
        entityType: 'placement',
        actorId: admin.user.id,
        data: { placementId: p.id, chargeRatePence: 11000, endDate: '2026-05-31', changed: ['chargeRatePence', 'endDate'] },
      },
    ]);
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
    // a refused change records nothing
    expect(await eventsOf('placement.updated', p.id)).toHaveLength(1);
  });
});
