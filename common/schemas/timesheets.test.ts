import { describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES as M } from '../constants/timesheets.ts';
import { addDays, isMonday, placementCreateSchema, timesheetCreateSchema, timesheetRejectSchema, timesheetUpdateSchema } from './timesheets.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const placement = (o: Record<string, unknown> = {}) => ({
  leadId: ID,
  contractorId: ID,
  clientId: OTHER,
  chargeRate: '650.50',
  payRate: 500,
  unit: 'hour',
  startDate: '2026-06-01',
  endDate: '2026-06-30',
  ...o,
});
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('placement schema', () => {
  it('reads rates in pounds as integer pence', () => {
    expect(placementCreateSchema.parse(placement())).toMatchObject({ chargeRate: 65050, payRate: 50000 });
  });
  it('refuses a rate of 0, a negative one, three decimals, pay above charge, end before start, one member on both sides, extra fields', () => {
    for (const o of [{ chargeRate: '0' }, { payRate: '-1' }, { chargeRate: '1.005' }, { chargeRate: 'ten' }])
      expect(placementCreateSchema.safeParse(placement(o)).success).toBe(false);
    expect(firstMessage(placementCreateSchema.safeParse(placement({ payRate: '700' })))).toBe(M.payAboveCharge);
    expect(firstMessage(placementCreateSchema.safeParse(placement({ endDate: '2026-05-31' })))).toBe(M.endBeforeStart);
    expect(firstMessage(placementCreateSchema.safeParse(placement({ clientId: ID })))).toBe(M.sameParty);
    expect(placementCreateSchema.safeParse(placement({ createdById: ID })).success).toBe(false);
    expect(placementCreateSchema.safeParse(placement({ startDate: '2026-02-30' })).success).toBe(false);
  });
});

describe('timesheet schemas', () => {
  it('a week starts on a Monday and ends six days later', () => {
    expect(isMonday('2026-06-15')).toBe(true);
    expect(isMonday('2026-06-16')).toBe(false);
    expect(addDays('2026-12-28', 6)).toBe('2027-01-03');
    expect(firstMessage(timesheetCreateSchema.safeParse({ placementId: ID, weekStarting: '2026-06-16' }))).toBe(M.weekNotMonday);
    expect(timesheetCreateSchema.safeParse({ placementId: ID, weekStarting: '2026-06-15' }).success).toBe(true);
  });
  it('entries: 0–24 units with two decimals, each day once, no total from the client', () => {
    const ok = (entries: unknown[]) => timesheetUpdateSchema.safeParse({ entries }).success;
    expect(
      ok([
        { date: '2026-06-15', units: 7.25, description: 'Board pack' },
        { date: '2026-06-16', units: 0 },
      ]),
    ).toBe(true);
    expect(ok([{ date: '2026-06-15', units: 24.01 }])).toBe(false);
    expect(ok([{ date: '2026-06-15', units: -0.5 }])).toBe(false);
    expect(ok([{ date: '2026-06-15', units: 1.234 }])).toBe(false);
    expect(
      firstMessage(
        timesheetUpdateSchema.safeParse({
          entries: [
            { date: '2026-06-15', units: 1 },
            { date: '2026-06-15', units: 2 },
          ],
        }),
      ),
    ).toBe(M.duplicateDate);
    expect(timesheetUpdateSchema.safeParse({ entries: [], totalUnits: 10 }).success).toBe(false);
  });
  it('a rejection says why', () => {
    expect(firstMessage(timesheetRejectSchema.safeParse({ comments: '  ' }))).toBe(M.commentsRequired);
    expect(timesheetRejectSchema.safeParse({}).success).toBe(false);
    expect(timesheetRejectSchema.parse({ comments: ' Friday was a holiday. ' })).toEqual({ comments: 'Friday was a holiday.' });
  });
});
