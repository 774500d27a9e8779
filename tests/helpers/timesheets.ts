import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Placement } from '../../common/schemas/timesheets.ts';
import { timesheetDetailSchema } from '../../common/schemas/timesheets.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { domainEvents, timesheets } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from './app.ts';
import { client, type Client } from './client.ts';

/**
 * The members and placement the timesheet API tests share: an administrator, a contractor placed (hourly) with a
 * client on a lead a partner referred, a stranger to it, a pending applicant and a signed-out caller. A test file
 * calls `useTimesheetWorld()` once; the bindings below are set before its tests run.
 */

export let ctx: TestContext;
export let admin: Member;
export let contractor: Member;
export let customer: Member;
export let stranger: Member;
export let partner: Member;
export let pendingApi: Client;
export let anon: Client;
export let placement: Placement;

export type Member = Awaited<ReturnType<typeof member>>;
export async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}

export function useTimesheetWorld() {
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
  afterAll(() => ctx?.close());
}

/**
 * Mondays of the placement (which runs 2025-01-06 to 2026-12-27): a fresh one per test, so sheets never collide,
 * and all before the test clock's 15 June 2026, since time is entered only for days that have happened.
 */
let weekCounter = 0;
export const nextMonday = () => {
  weekCounter += 1;
  const d = new Date(Date.UTC(2025, 0, 6 + 7 * weekCounter));
  return d.toISOString().slice(0, 10);
};
export const day = (monday: string, i: number) => new Date(new Date(`${monday}T00:00:00Z`).getTime() + i * 86_400_000).toISOString().slice(0, 10);

export const sheetOf = (o: Partial<Parameters<typeof makeTimesheet>[1]> = {}) =>
  makeTimesheet(ctx.db, { placement, contractor: contractor.user, weekStarting: nextMonday(), now: ctx.clock.now(), ...o });
export const get = (who: Member, id: string) => who.api.getOk(timesheetDetailSchema, `/api/timesheets/${id}`);
export const act = (
  who: Member | { api: Client },
  id: string,
  action: 'submit' | 'approve' | 'reject',
  body: object = action === 'reject' ? { comments: 'Wrong hours on Friday.' } : {},
) => who.api.post(`/api/timesheets/${id}/${action}`, { body });
export const storedStatus = async (id: string) => (await ctx.db.select({ s: timesheets.status }).from(timesheets).where(eq(timesheets.id, id)))[0].s;

export const placementBody = (o: Record<string, unknown> = {}) => ({
  contractorId: contractor.user.id,
  clientId: customer.user.id,
  chargeRate: '650.00',
  payRate: '500',
  unit: 'day',
  startDate: '2026-06-01',
  endDate: '2026-09-30',
  ...o,
});
export const wonLead = (leadType: 'interim' | 'recruitment' | 'advisory' = 'interim', status: 'closed-won' | 'qualified' = 'closed-won') =>
  makeLead(ctx.db, { submitter: partner.user, by: admin.user, leadType, status, now: new Date('2026-05-01T09:00:00Z') });

/** The domain events recorded about one record, of one type, oldest first. */
export const eventsOf = (type: string, entityId: string) =>
  ctx.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.type, type), eq(domainEvents.entityId, entityId)))
    .orderBy(domainEvents.occurredAt);
