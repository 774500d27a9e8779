import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { timesheetDetailSchema, timesheetPageSchema } from '../../common/schemas/timesheets.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { timesheetEntries, timesheets } from '../../server/db/schema/index.ts';
import { expectError } from '../helpers/http.ts';
import { act, admin, contractor, ctx, customer, day, get, member, nextMonday, partner, placement, sheetOf, useTimesheetWorld } from '../helpers/timesheets.ts';

/** A contractor's weeks: starting one, its entries and total, and the lists of sheets each party sees. */

useTimesheetWorld();

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
