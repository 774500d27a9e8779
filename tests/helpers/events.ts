import { and, asc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { eventDetailSchema } from '../../common/schemas/events.ts';
import { makeEvent } from '../../server/db/factories/events.ts';
import { domainEvents, notificationPreferences, notifications } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type TestContext } from './app.ts';
import { client, type Client } from './client.ts';
import { busDrained } from './live-bus.ts';

/**
 * The members the events API tests share: an administrator, a partner, a pending applicant and a signed-out caller,
 * on an app whose public address is PUBLIC_URL. A test file calls `useEventsApp()` once; the bindings below are set
 * before its tests run.
 */

export const PUBLIC_URL = 'https://partners.example.com';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export let ctx: TestContext;
export let admin: Member;
export let partner: Member;
export let pendingApi: Client;
export let anon: Client;

export type Member = Awaited<ReturnType<typeof member>>;
/** A signed-in user through a session opened directly (no password check), for the many members a test needs. */
export async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}

export function useEventsApp() {
  beforeAll(async () => {
    ctx = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
    admin = await member({ role: 'admin' });
    partner = await member();
    pendingApi = client(ctx.app, await openSession(ctx, (await makeUser(ctx.db, { accountStatus: 'pending' })).id));
    anon = client(ctx.app);
  });
  afterAll(() => ctx?.close());
}

export const members = (n: number) => Promise.all(Array.from({ length: n }, () => member()));
export const later = (ms: number) => new Date(ctx.clock.now().getTime() + ms);

/** An event made by the admin through the service, starting `inHours` from the test clock. */
export const event = (o: Partial<Parameters<typeof makeEvent>[1]> & { inHours?: number } = {}) => {
  const { inHours = 48, ...rest } = o;
  return makeEvent(ctx.db, { organizer: admin.user, now: ctx.clock.now(), start: later(inHours * HOUR), ...rest });
};
export const detail = (who: Member, id: string) => who.api.getOk(eventDetailSchema, `/api/events/${id}`);
export const register = (who: Member, id: string) => who.api.post(`/api/events/${id}/register`, { body: {} });
export const unregister = (who: Member, id: string) => who.api.delete(`/api/events/${id}/unregister`);
export const notificationsOf = (userId: string, type: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

/** The domain events recorded about one event, of one type, oldest first. */
export const eventsOf = (type: string, eventId: string) =>
  ctx.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.type, type), eq(domainEvents.entityId, eventId)))
    .orderBy(asc(domainEvents.occurredAt), asc(domainEvents.id));

/** The member chooses event e-mails (off by default), sent at once. */
export const wantsEventMail = (...who: Member[]) =>
  ctx.db.insert(notificationPreferences).values(who.map((m) => ({ userId: m.user.id, emailTypes: ['events'], emailFrequency: 'immediate' })));

/**
 * The e-mails sent once the notifications' own e-mails have gone out (after the act committed, on the live bus):
 * at least `n` have arrived, and the bus and the mailer have finished everything committed so far.
 */
export async function mailsOnceSent(n: number) {
  await vi.waitFor(() => expect(ctx.mailer.sent.length).toBeGreaterThanOrEqual(n), { timeout: 5_000, interval: 25 });
  await busDrained(ctx);
  return ctx.mailer.sent;
}

export const validBody = (o: Record<string, unknown> = {}) => ({
  title: 'Partner Breakfast',
  description: 'Breakfast and introductions across sectors.',
  type: 'in-person',
  category: 'networking',
  startDate: later(5 * DAY).toISOString(),
  endDate: later(5 * DAY + 2 * HOUR).toISOString(),
  location: 'The Ned, London',
  ...o,
});

/** Every VEVENT of a calendar text. */
export const vevents = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
