import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import { POINT_RULES } from '../../common/rules/points.ts';
import {
  calendarFeedSchema,
  eventDetailSchema,
  eventPageSchema,
  eventRegistrationResultSchema,
  eventReportSchema,
  myEventRegistrationPageSchema,
  type EventDetail,
} from '../../common/schemas/events.ts';
import { leadSchema } from '../../common/schemas/lead.ts';
import { makeEvent, registerMembers } from '../../server/db/factories/events.ts';
import { auditLog, eventRegistrations, events, notificationPreferences, notifications, pointTransactions } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, reloadUser, type MakeUserOptions, type TestContext } from '../helpers/app.ts';
import { client, type Client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

const PUBLIC_URL = 'https://partners.example.com';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let admin: Member;
let partner: Member;
let pendingApi: Client;
let anon: Client;

type Member = Awaited<ReturnType<typeof member>>;
/** A signed-in user through a session opened directly (no password check), for the many members a test needs. */
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}
const members = (n: number) => Promise.all(Array.from({ length: n }, () => member()));
const later = (ms: number) => new Date(ctx.clock.now().getTime() + ms);

/** An event made by the admin through the service, starting `inHours` from the test clock. */
const event = (o: Partial<Parameters<typeof makeEvent>[1]> & { inHours?: number } = {}) => {
  const { inHours = 48, ...rest } = o;
  return makeEvent(ctx.db, { organizer: admin.user, now: ctx.clock.now(), start: later(inHours * HOUR), ...rest });
};
const detail = (who: Member, id: string) => who.api.getOk(eventDetailSchema, `/api/events/${id}`);
const register = (who: Member, id: string) => who.api.post(`/api/events/${id}/register`, { body: {} });
const unregister = (who: Member, id: string) => who.api.delete(`/api/events/${id}/unregister`);
const notificationsOf = (userId: string, type: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

/** The member chooses event e-mails (off by default), sent at once. */
const wantsEventMail = (...who: Member[]) =>
  ctx.db.insert(notificationPreferences).values(who.map((m) => ({ userId: m.user.id, emailTypes: ['events'], emailFrequency: 'immediate' })));
/** The e-mails sent once the notifications' own e-mails have gone out (after the act committed, on the live bus). */
async function mailsOnceSent(n: number) {
  await vi.waitFor(() => expect(ctx.mailer.sent.length).toBeGreaterThanOrEqual(n), { timeout: 5_000, interval: 25 });
  await new Promise((r) => setTimeout(r, 100));
  await ctx.app.ctx.notificationMail.idle();
  return ctx.mailer.sent;
}

const validBody = (o: Record<string, unknown> = {}) => ({
  title: 'Partner Breakfast',
  description: 'Breakfast and introductions across sectors.',
  type: 'in-person',
  category: 'networking',
  startDate: later(5 * DAY).toISOString(),
  endDate: later(5 * DAY + 2 * HOUR).toISOString(),
  location: 'The Ned, London',
  ...o,
});

beforeAll(async () => {
  ctx = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  admin = await member({ role: 'admin' });
  partner = await member();
  pendingApi = client(ctx.app, await openSession(ctx, (await makeUser(ctx.db, { accountStatus: 'pending' })).id));
  anon = client(ctx.app);
});
afterAll(() => ctx.close());

describe('access', () => {
  const id = NO_SUCH_ID;
  const memberRoutes: Array<[string, string]> = [
    ['GET', '/api/events'],
    ['GET', `/api/events/${id}`],
    ['GET', `/api/events/${id}.ics`],
    ['GET', '/api/my-event-registrations'],
    ['POST', `/api/events/${id}/register`],
    ['DELETE', `/api/events/${id}/unregister`],
    ['GET', '/api/calendar-feed'],
    ['POST', '/api/calendar-feed/rotate'],
  ];
  const adminRoutes: Array<[string, string]> = [
    ['POST', '/api/events'],
    ['PATCH', `/api/events/${id}`],
    ['POST', `/api/events/${id}/cancel`],
    ['POST', `/api/events/${id}/attendance`],
    ['GET', `/api/events/${id}/report`],
  ];
  const send = (c: Client, method: string, url: string) => c.request(method as 'GET', url, ['GET', 'DELETE'].includes(method) ? {} : { body: {} });

  it('answers 401 signed out and 403 to a pending account on every events route', async () => {
    for (const [method, url] of [...memberRoutes, ...adminRoutes]) {
      expectError(await send(anon, method, url), 401, 'unauthorized');
      expectError(await send(pendingApi, method, url), 403, 'forbidden');
    }
  });

  it('answers 403 to a partner on every administrator route, before reading the body', async () => {
    for (const [method, url] of adminRoutes) expectError(await send(partner.api, method, url), 403, 'forbidden');
    expectError(await partner.api.post('/api/events', { body: validBody() }), 403, 'forbidden');
  });

  it('sends createEvents in the current user’s abilities exactly to those the server lets create events', async () => {
    for (const [who, allowed] of [
      [partner, false],
      [admin, true],
    ] as const) {
      expect((await who.api.getJson('/api/auth/me')).user.can.createEvents).toBe(allowed);
      expect((await who.api.post('/api/events', { body: validBody({ title: 'Abilities check' }) })).statusCode).toBe(allowed ? 201 : 403);
    }
  });

  it('answers 404 for an event that does not exist, to members and admins alike', async () => {
    expectError(await partner.api.get(`/api/events/${id}`), 404, 'not_found');
    expectError(await admin.api.get(`/api/events/${id}/report`), 404, 'not_found');
    expectError(await register(partner, id), 404, 'not_found');
    expectError(await partner.api.get(`/api/events/${id}.ics`), 404, 'not_found');
  });

  it('refuses a write from another site (no cross-site registration)', async () => {
    const e = await event();
    const res = await partner.api.post(`/api/events/${e.id}/register`, { body: {}, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expectError(res, 403, 'forbidden');
    expect(await ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, e.id))).toEqual([]);
  });
});

describe('creating an event', () => {
  it('lets an admin create one with the defaults (Europe/London, GBP, registration required), audited', async () => {
    const created = await admin.api.create(eventDetailSchema, '/api/events', { body: validBody({ fee: '12.5', maxAttendees: 30, tags: ['pipeline'] }) });
    expect(created).toMatchObject({
      title: 'Partner Breakfast',
      timezone: 'Europe/London',
      currency: 'GBP',
      registrationRequired: true,
      status: 'active',
      fee: '12.50',
      maxAttendees: 30,
      registrationsCount: 0,
      waitlistCount: 0,
      organizerId: admin.user.id,
      organizerName: `${admin.user.firstName} ${admin.user.lastName}`,
      myRegistration: null,
      attendees: [],
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'event.create')));
    expect(audit.actorId).toBe(admin.user.id);
  });

  it('reads wall-clock times in the event’s own time zone', async () => {
    const a = await admin.api.create(eventDetailSchema, '/api/events', {
      body: validBody({ startDate: '2026-07-01T18:30', endDate: '2026-07-01T20:00', registrationDeadline: '2026-06-30T12:00' }),
    });
    expect([a.startDate, a.endDate, a.registrationDeadline]).toEqual(['2026-07-01T17:30:00.000Z', '2026-07-01T19:00:00.000Z', '2026-06-30T11:00:00.000Z']);
    const b = await admin.api.create(eventDetailSchema, '/api/events', {
      body: validBody({ startDate: '2026-07-01T09:00', endDate: '2026-07-01T10:00', timezone: 'America/New_York' }),
    });
    expect(b.startDate).toBe('2026-07-01T13:00:00.000Z');
  });

  it('answers each rule broken with its message under its field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(101) }, 'title', 'Title must be less than 100 characters'],
      [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters'],
      [{ startDate: '' }, 'startDate', 'Start date is required'],
      [{ endDate: undefined }, 'endDate', 'End date is required'],
      [{ endDate: later(5 * DAY - HOUR).toISOString() }, 'endDate', 'End date must be after the start date'],
      [{ registrationDeadline: later(6 * DAY).toISOString() }, 'registrationDeadline', 'Registration deadline must be before the start date'],
      [{ maxAttendees: 0 }, 'maxAttendees', 'Maximum attendees must be at least 1'],
      [{ maxAttendees: 2.5 }, 'maxAttendees', 'Maximum attendees must be a whole number'],
      [{ fee: -1 }, 'fee', 'Fee must be 0 or more'],
      [{ fee: '10.999' }, 'fee', 'Fee can have at most 2 decimal places'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone', 'Please choose a time zone such as Europe/London'],
      [{ timezone: '+01:00' }, 'timezone', 'Please choose a time zone such as Europe/London'],
      [{ meetingLink: 'javascript:alert(1)' }, 'meetingLink', 'Meeting link must be a valid URL'],
      [{ type: 'party' }, 'type', 'Please choose a type'],
      [{ category: 'gala' }, 'category', 'Please choose a category'],
      [{ currency: 'USD' }, 'currency', 'Events are priced in GBP'],
      [{ location: '' }, 'location', 'Location is required for an in-person or hybrid event'],
      [{ type: 'hybrid', location: '   ' }, 'location', 'Location is required for an in-person or hybrid event'],
      [{ location: undefined }, 'location', 'Location is required for an in-person or hybrid event'],
    ];
    for (const [change, path, message] of cases) {
      const err = expectError(await admin.api.post('/api/events', { body: validBody(change) }), 400, 'validation_failed');
      expect(err.issues, JSON.stringify(change)).toContainEqual({ path, message });
    }
  });
});

describe('when and where', () => {
  it('refuses a start that has passed (by the server’s clock), and creates nothing', async () => {
    const before = (await ctx.db.select({ id: events.id }).from(events)).length;
    for (const start of [later(-30 * DAY), later(-60_000), later(0)]) {
      const body = validBody({ startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * HOUR).toISOString() });
      const err = expectError(await admin.api.post('/api/events', { body }), 400, 'validation_failed');
      expect(err.issues).toEqual([{ path: 'startDate', message: 'Start date must be in the future' }]);
    }
    expect((await ctx.db.select({ id: events.id }).from(events)).length).toBe(before);
    await admin.api.create(eventDetailSchema, '/api/events', { body: validBody({ startDate: later(60_000).toISOString(), endDate: later(HOUR).toISOString() }) });
  });

  it('needs a location for an in-person or hybrid event, none for a webinar; an edit cannot take it away or move the start back', async () => {
    await admin.api.create(eventDetailSchema, '/api/events', { body: validBody({ type: 'webinar', location: '', meetingLink: 'https://meet.example.com/x' }) });
    const e = await event({ title: 'Where: Hybrid Forum', type: 'hybrid' });
    for (const body of [{ location: '' }, { location: null }]) {
      const err = expectError(await admin.api.patch(`/api/events/${e.id}`, { body }), 400, 'validation_failed');
      expect(err.issues).toContainEqual({ path: 'location', message: 'Location is required for an in-person or hybrid event' });
    }
    const moved = expectError(
      await admin.api.patch(`/api/events/${e.id}`, { body: { startDate: later(-HOUR).toISOString(), endDate: later(HOUR).toISOString() } }),
      400,
      'validation_failed',
    );
    expect(moved.issues).toContainEqual({ path: 'startDate', message: 'Start date must be in the future' });
    const [row] = await ctx.db.select().from(events).where(eq(events.id, e.id));
    expect([row.location, row.startDate.toISOString()]).toEqual([e.location, e.startDate]);
    // a webinar drops its location freely
    expect((await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { type: 'webinar', location: null } })).location).toBeNull();
  });
});

describe('listing and reading events', () => {
  let upcoming: EventDetail;
  let pastOne: EventDetail;
  beforeAll(async () => {
    upcoming = await event({ title: 'Listing: Wine Tasting Social', category: 'social', inHours: 24 * 30, maxAttendees: 1 });
    pastOne = await event({ title: 'Listing: Past Webinar', type: 'webinar', category: 'training', inHours: -24 * 30 });
    const [a, b] = await members(2);
    await registerMembers(ctx.db, upcoming.id, [a.user, b.user], ctx.clock.now());
    await registerMembers(ctx.db, upcoming.id, [partner.user], later(HOUR));
  });

  it('lists upcoming events soonest first and past ones latest first, with counts and the viewer’s registration', async () => {
    const page = await partner.api.getOk(eventPageSchema, '/api/events', { query: { search: 'Listing:' } });
    expect(page.items.map((e) => e.title)).toEqual(['Listing: Wine Tasting Social']);
    expect(page.items[0]).toMatchObject({ registrationsCount: 1, waitlistCount: 2, myRegistration: { status: 'waitlisted', waitlistPosition: 2 } });
    expect(page.items[0].can).toMatchObject({ register: false, unregister: true, edit: false, seeAttendees: false });
    const past = await partner.api.getOk(eventPageSchema, '/api/events', { query: { when: 'past', search: 'Listing:' } });
    expect(past.items.map((e) => e.id)).toEqual([pastOne.id]);
    const social = await partner.api.getOk(eventPageSchema, '/api/events', { query: { category: 'social', pageSize: 100 } });
    expect(social.items.every((e) => e.category === 'social')).toBe(true);
    expect(social.items.map((e) => e.id)).toContain(upcoming.id);
    expectError(await partner.api.get('/api/events', { query: { pageSize: 101 } }), 400, 'validation_failed');
    expectError(await partner.api.get('/api/events', { query: { when: 'someday' } }), 400, 'validation_failed');
  });

  it('counts active events apart from cancelled ones (the banner’s active events)', async () => {
    const kept = await event({ title: 'Status: kept' });
    const dropped = await event({ title: 'Status: dropped' });
    expect((await admin.api.post(`/api/events/${dropped.id}/cancel`)).statusCode).toBe(200);
    const titles = async (status?: string) =>
      (await partner.api.getOk(eventPageSchema, '/api/events', { query: { search: 'Status:', ...(status ? { status } : {}) } })).items.map((e) => e.title).sort();
    expect(await titles()).toEqual(['Status: dropped', 'Status: kept']);
    expect(await titles('active')).toEqual([kept.title]);
    expect(await titles('cancelled')).toEqual([dropped.title]);
    expectError(await partner.api.get('/api/events', { query: { status: 'maybe' } }), 400, 'validation_failed');
  });

  it('shows the attendee list with statuses to admins only; the count to everyone', async () => {
    const seen = await detail(partner, upcoming.id);
    expect(seen.registrationsCount).toBe(1);
    expect(seen.attendees).toBeUndefined();
    const full = await detail(admin, upcoming.id);
    expect(full.attendees!.map((a) => [a.status, a.waitlistPosition])).toEqual([
      ['registered', null],
      ['waitlisted', 1],
      ['waitlisted', 2],
    ]);
    expect(full.can).toMatchObject({ edit: true, cancel: true, seeAttendees: true, viewReport: true });
    const masterAdmin = await member({ role: 'master-admin' });
    expect((await detail(masterAdmin, upcoming.id)).attendees).toHaveLength(3);
  });

  it('lists the member’s own registrations, each with its eventId', async () => {
    const mine = await partner.api.getOk(myEventRegistrationPageSchema, '/api/my-event-registrations');
    const entry = mine.items.find((r) => r.eventId === upcoming.id)!;
    expect(entry).toMatchObject({ status: 'waitlisted', waitlistPosition: 2, event: { id: upcoming.id } });
    const other = await member();
    expect((await other.api.getOk(myEventRegistrationPageSchema, '/api/my-event-registrations')).total).toBe(0);
  });
});

describe('registering', () => {
  it('registers a member once; a second time is a conflict', async () => {
    const e = await event();
    const first = await partner.api.create(eventRegistrationResultSchema, `/api/events/${e.id}/register`, { body: {} });
    expect(first.message).toBe(M.registered);
    expect(first.event).toMatchObject({ registrationsCount: 1, myRegistration: { status: 'registered', waitlistPosition: null } });
    expect(expectError(await register(partner, e.id), 409, 'conflict').message).toBe(M.alreadyRegistered);
  });

  it('refuses after the deadline, once the event has started, and for a cancelled event, each with its reason', async () => {
    const closing = await event({ inHours: 10, registrationDeadline: later(HOUR) });
    const started = await event({ inHours: -1 });
    const cancelled = await event();
    await admin.api.postOk(eventDetailSchema, `/api/events/${cancelled.id}/cancel`);
    ctx.clock.advance(2 * HOUR);
    expect(expectError(await register(partner, closing.id), 409, 'conflict').message).toBe(M.registrationClosed);
    expect(expectError(await register(partner, started.id), 409, 'conflict').message).toBe(M.started);
    expect(expectError(await register(partner, cancelled.id), 409, 'conflict').message).toBe(M.cancelled);
  });

  it('fills places exactly when many register at once: 3 places, 20 members → 3 registered, 17 waitlisted in order', async () => {
    const e = await event({ maxAttendees: 3 });
    const crowd = await members(20);
    const answers = await Promise.all(crowd.map((m) => register(m, e.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const full = await detail(admin, e.id);
    expect(full.registrationsCount).toBe(3);
    expect(full.waitlistCount).toBe(17);
    const waiting = full.attendees!.filter((a) => a.status === 'waitlisted');
    expect(waiting.map((a) => a.waitlistPosition)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    // arrival order: a strictly increasing registration time (to the microsecond), so the queue is the order the requests were decided in
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(distinct ${eventRegistrations.registrationDate})`.mapWith(Number) })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, e.id));
    expect(n).toBe(20);
    const rows = await ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, e.id));
    expect(rows.filter((r) => r.status === 'registered')).toHaveLength(3);
    const messages = answers.map((a) => a.json().message);
    expect(messages.filter((m) => m === M.registered)).toHaveLength(3);
    expect(messages.filter((m) => m === M.waitlisted)).toHaveLength(17);
  });

  it('gives a place given up to the first on the waitlist, in the same act, and tells them', async () => {
    const e = await event({ maxAttendees: 1, title: 'Promotion Test Dinner' });
    const [a, b, c] = await members(3);
    for (const m of [a, b, c]) await register(m, e.id);
    await wantsEventMail(b, c);
    ctx.mailer.sent = [];
    const res = await a.api.deleteOk(eventRegistrationResultSchema, `/api/events/${e.id}/unregister`);
    expect(res.message).toBe(M.unregistered);
    expect(res.event.myRegistration).toBeNull();
    expect((await detail(b, e.id)).myRegistration).toMatchObject({ status: 'registered' });
    expect((await detail(c, e.id)).myRegistration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const [note] = await notificationsOf(b.user.id, 'event_promoted');
    expect(note).toMatchObject({ entityType: 'event', entityId: e.id, actionUrl: `/events?event=${e.id}` });
    expect((await mailsOnceSent(1)).map((m) => m.to)).toEqual([b.user.email]);
    expect(ctx.mailer.sent[0].subject).toBe('You have a place: Promotion Test Dinner');
    expect(ctx.mailer.sent[0].text).toContain(`${PUBLIC_URL}/events?event=${e.id}`);
    // leaving the waitlist promotes nobody
    await unregister(c, e.id);
    expect((await detail(admin, e.id)).attendees!.map((x) => x.userId)).toEqual([b.user.id]);
    expect(expectError(await unregister(c, e.id), 404, 'not_found').message).toBe(M.notRegistered);
  });

  it('refuses to unregister once the event has started', async () => {
    const e = await event({ inHours: 1 });
    await register(partner, e.id);
    ctx.clock.advance(2 * HOUR);
    expect(expectError(await unregister(partner, e.id), 409, 'conflict').message).toBe(M.started);
  });
});

describe('changing and cancelling an event', () => {
  it('tells everyone registered when the time or place changes (by e-mail those who chose event e-mails), and audits the change', async () => {
    const e = await event({ maxAttendees: 1 });
    const [a, b, quiet] = await members(3);
    await register(a, e.id);
    await register(b, e.id);
    await register(quiet, e.id);
    await wantsEventMail(a, b);
    ctx.mailer.sent = [];
    const changed = await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { location: 'The Shard, London' } });
    expect(changed.location).toBe('The Shard, London');
    for (const m of [a, b, quiet]) expect(await notificationsOf(m.user.id, 'event_updated')).toHaveLength(1);
    expect((await mailsOnceSent(2)).map((m) => m.to).sort()).toEqual([a.user.email, b.user.email].sort());
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, e.id), eq(auditLog.action, 'event.update')));
    expect(audit.after).toEqual({ location: 'The Shard, London' });
    // a title change alone is not news
    await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { title: 'Renamed' } });
    expect(await notificationsOf(a.user.id, 'event_updated')).toHaveLength(1);
    // more places go to the waitlist; fewer than those taken is refused
    const bigger = await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { maxAttendees: 5 } });
    expect([bigger.registrationsCount, bigger.waitlistCount]).toEqual([3, 0]);
    expect(await notificationsOf(b.user.id, 'event_promoted')).toHaveLength(1);
    expect(expectError(await admin.api.patch(`/api/events/${e.id}`, { body: { maxAttendees: 1 } }), 409, 'conflict').message).toBe(M.capacityBelowRegistered(3));
    const bad = expectError(await admin.api.patch(`/api/events/${e.id}`, { body: { endDate: e.startDate } }), 400, 'validation_failed');
    expect(bad.issues).toContainEqual({ path: 'endDate', message: 'End date must be after the start date' });
    expectError(await admin.api.patch(`/api/events/${e.id}`, { body: {} }), 400, 'validation_failed');
  });

  it('cancels an event, telling everyone registered or waiting in-app and by e-mail (event e-mails chosen); once', async () => {
    const e = await event({ maxAttendees: 1, title: 'Cancelled Gala' });
    const [a, b] = await members(2);
    await register(a, e.id);
    await register(b, e.id);
    await wantsEventMail(a, b);
    ctx.mailer.sent = [];
    const cancelled = await admin.api.postOk(eventDetailSchema, `/api/events/${e.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.can).toMatchObject({ edit: false, cancel: false });
    for (const m of [a, b]) expect(await notificationsOf(m.user.id, 'event_cancelled')).toHaveLength(1);
    expect((await mailsOnceSent(2)).map((m) => m.to).sort()).toEqual([a.user.email, b.user.email].sort());
    expect(ctx.mailer.sent[0].subject).toBe('Event cancelled: Cancelled Gala');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, e.id), eq(auditLog.action, 'event.cancel')));
    expect(audit.after).toEqual({ status: 'cancelled' });
    expect(expectError(await admin.api.post(`/api/events/${e.id}/cancel`), 409, 'conflict').message).toBe(M.alreadyCancelled);
    expectError(await admin.api.patch(`/api/events/${e.id}`, { body: { title: 'Back on' } }), 409, 'conflict');
  });
});

describe('attendance', () => {
  it('is marked by an admin once the event has started, for members holding a place, and earns the points once', async () => {
    const e = await event({ inHours: 1, maxAttendees: 1 });
    const [a, b, stranger] = await members(3);
    await register(a, e.id);
    await register(b, e.id);
    const mark = (userIds: string[], attended = true) => admin.api.post(`/api/events/${e.id}/attendance`, { body: { userIds, attended } });
    expect(expectError(await mark([a.user.id]), 409, 'conflict').message).toBe(M.attendanceTooEarly);
    ctx.clock.advance(2 * HOUR);
    for (const who of [b, stranger]) {
      const err = expectError(await mark([who.user.id]), 400, 'validation_failed');
      expect(err.issues).toEqual([{ path: 'userIds', message: 'Only members registered for this event can be marked as attended.' }]);
    }
    const before = (await reloadUser(ctx.db, a.user.id)).totalPoints;
    const res = await mark([a.user.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().attendees.find((x: { userId: string }) => x.userId === a.user.id).attended).toBe(true);
    await mark([a.user.id]);
    expect((await reloadUser(ctx.db, a.user.id)).totalPoints).toBe(before + POINT_RULES.event_attended.points);
    await mark([a.user.id], false);
    expect((await reloadUser(ctx.db, a.user.id)).totalPoints).toBe(before);
    const txs = await ctx.db
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, a.user.id), eq(pointTransactions.referenceId, e.id)));
    expect(txs.map((t) => [t.activityType, t.points]).sort()).toEqual([
      ['event_attended', POINT_RULES.event_attended.points],
      ['event_attended_reversed', -POINT_RULES.event_attended.points],
    ]);
    // marked again after the correction: earned again, once
    expect((await mark([a.user.id])).statusCode).toBe(200);
    expect((await mark([a.user.id])).statusCode).toBe(200);
    expect((await reloadUser(ctx.db, a.user.id)).totalPoints).toBe(before + POINT_RULES.event_attended.points);
    expectError(await partner.api.post(`/api/events/${e.id}/attendance`, { body: { userIds: [a.user.id] } }), 403, 'forbidden');
  });
});

/** The one VEVENT of a calendar text, or all of them. */
const vevents = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');

describe('the joining link', () => {
  /** The unfolded text of the calendar entry's description and location. */
  const joinedText = (ics: string) => {
    const [ve] = vevents(ics);
    return `${String(ve.getFirstPropertyValue('description'))} ${String(ve.getFirstPropertyValue('location') ?? '')}`;
  };
  it('is given to members holding a place and to admins; others, the waitlist included, only learn that one exists', async () => {
    const e = await event({ type: 'webinar', meetingLink: 'https://meet.example.com/private-room', maxAttendees: 1, title: 'Link: webinar' });
    const [holder, waiting, stranger] = await members(3);
    expect((await register(holder, e.id)).statusCode).toBe(201);
    expect((await register(waiting, e.id)).statusCode).toBe(201);
    for (const who of [waiting, stranger]) {
      const seen = await detail(who, e.id);
      expect([seen.meetingLink, seen.hasMeetingLink]).toEqual([null, true]);
      const listed = (await who.api.getOk(eventPageSchema, '/api/events?search=Link%3A')).items.find((i) => i.id === e.id)!;
      expect(listed.meetingLink).toBeNull();
      const ics = await who.api.get(`/api/events/${e.id}.ics`);
      expect(ics.statusCode).toBe(200);
      expect(joinedText(ics.body)).not.toContain('private-room');
    }
    expect((await detail(holder, e.id)).meetingLink).toBe('https://meet.example.com/private-room');
    expect(joinedText((await holder.api.get(`/api/events/${e.id}.ics`)).body)).toContain('private-room');
    expect((await detail(admin, e.id)).meetingLink).toBe('https://meet.example.com/private-room');
    // the place given up passes to the waitlist, and the link with it
    expect((await unregister(holder, e.id)).statusCode).toBe(200);
    expect((await detail(waiting, e.id)).meetingLink).toBe('https://meet.example.com/private-room');
    expect((await detail(holder, e.id)).meetingLink).toBeNull();
  });

  it('is not given away by the notice of a change: the waitlist is told only that there is one', async () => {
    const e = await event({ type: 'webinar', meetingLink: 'https://meet.example.com/first-room', maxAttendees: 1, title: 'Link: moved webinar' });
    const [holder, waiting] = await members(2);
    await register(holder, e.id);
    await register(waiting, e.id);
    await wantsEventMail(holder, waiting);
    ctx.mailer.sent = [];
    await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { meetingLink: 'https://meet.example.com/second-room' } });
    await mailsOnceSent(2);
    const [held] = await notificationsOf(holder.user.id, 'event_updated');
    const [waited] = await notificationsOf(waiting.user.id, 'event_updated');
    expect(held.message).toContain('https://meet.example.com/second-room');
    expect(waited.message).not.toContain('meet.example.com');
    expect(waited.message).toContain('the joining link is shown once you hold a place');
    const mailTo = (email: string) => ctx.mailer.sent.find((m) => m.to === email)!.text;
    expect(mailTo(holder.user.email)).toContain('second-room');
    expect(mailTo(waiting.user.email)).not.toContain('meet.example.com');
  });
});

describe('calendar files', () => {
  it('downloads an event as iCalendar with its own time zone, organizer and page address', async () => {
    const e = await event({ start: new Date('2026-12-01T18:30:00Z'), hours: 2, timezone: 'America/New_York', title: 'Calendar: NY Dinner' });
    const res = await partner.api.get(`/api/events/${e.id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const [ve] = vevents(res.body);
    const start = ve.getFirstProperty('dtstart')!;
    const end = ve.getFirstProperty('dtend')!;
    expect(start.getParameter('tzid')).toBe('America/New_York');
    expect(end.getParameter('tzid')).toBe('America/New_York');
    expect(String(start.getFirstValue())).toBe('2026-12-01T13:30:00');
    expect(String(end.getFirstValue())).toBe('2026-12-01T15:30:00');
    expect(ve.getFirstPropertyValue('summary')).toBe('Calendar: NY Dinner');
    expect(ve.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/events?event=${e.id}`);
    expect(String(ve.getFirstPropertyValue('organizer'))).toBe(`mailto:${ctx.config.supportEmail}`);
    expect(ve.getFirstProperty('organizer')!.getParameter('cn')).toBe(`${admin.user.firstName} ${admin.user.lastName}`);
  });

  it('keeps a personal feed of the member’s registrations at a secret address that rotation retires', async () => {
    const me = await member();
    const london = await event({ start: new Date('2026-11-10T09:00:00Z'), hours: 1, title: 'Feed: London Breakfast' });
    const full = await event({ start: new Date('2026-11-12T17:00:00Z'), hours: 1, maxAttendees: 1, title: 'Feed: Full Talk' });
    await event({ title: 'Feed: Not Registered' });
    await register(partner, full.id);
    await register(me, london.id);
    await register(me, full.id);
    const { url } = await me.api.getOk(calendarFeedSchema, '/api/calendar-feed');
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{40,}\\.ics$`));
    expect((await me.api.getOk(calendarFeedSchema, '/api/calendar-feed')).url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await anon.get(path);
    expect(feed.statusCode).toBe(200);
    const entries = vevents(feed.body).map((v) => [
      v.getFirstPropertyValue('summary'),
      v.getFirstProperty('dtstart')!.getParameter('tzid'),
      String(v.getFirstPropertyValue('dtstart')),
    ]);
    expect(entries).toEqual([
      ['Feed: London Breakfast', 'Europe/London', '2026-11-10T09:00:00'],
      ['Feed: Full Talk (waitlist)', 'Europe/London', '2026-11-12T17:00:00'],
    ]);
    const rotated = await me.api.postOk(calendarFeedSchema, '/api/calendar-feed/rotate');
    expect(rotated.url).not.toBe(url);
    expectError(await anon.get(path), 404, 'not_found');
    expect((await anon.get(new URL(rotated.url).pathname)).statusCode).toBe(200);
    expect((await me.api.getOk(calendarFeedSchema, '/api/calendar-feed')).url).toBe(rotated.url);
    expectError(await anon.get('/api/calendar/not-a-real-token-but-long-enough.ics'), 404, 'not_found');
    expectError(await anon.get('/api/calendar/short.ics'), 400, 'validation_failed');
  });
});

describe('attribution and the event report', () => {
  const leadBody = (o: Record<string, unknown> = {}) => ({
    leadType: 'advisory',
    estimatedValue: '12345.67',
    companyName: 'Globex Ltd',
    industry: 'Technology',
    contactName: 'Hank Scorpio',
    contactEmail: 'hank@globex.example',
    projectDescription: 'Needs an interim CTO for a platform migration.',
    ...o,
  });

  it('lets a lead name the event where the contact was met, and reports attendees, leads and their won value', async () => {
    const e = await event({ inHours: 1, title: 'Report: Fintech Roundtable' });
    const [a, b] = await members(2);
    await register(a, e.id);
    await register(b, e.id);
    ctx.clock.advance(2 * HOUR);
    await admin.api.postOk(eventDetailSchema, `/api/events/${e.id}/attendance`, { body: { userIds: [a.user.id, b.user.id] } });
    const won = await a.api.create(leadSchema, '/api/leads', { body: leadBody({ sourceEventId: e.id }) });
    expect(won.sourceEventId).toBe(e.id);
    await b.api.create(leadSchema, '/api/leads', {
      body: leadBody({ companyName: 'Initech', contactEmail: 'bill@initech.example', estimatedValue: 5000, sourceEventId: e.id }),
    });
    await a.api.create(leadSchema, '/api/leads', { body: leadBody({ companyName: 'Umbrella', contactEmail: 'al@umbrella.example' }) });
    await admin.api.patchOk(leadSchema, `/api/leads/${won.id}`, { body: { status: 'closed-won' } });
    // an admin can name the event afterwards on a lead that did not
    const late = await a.api.create(leadSchema, '/api/leads', { body: leadBody({ companyName: 'Hooli', contactEmail: 'g@hooli.example', estimatedValue: '0.33' }) });
    expect((await admin.api.patchOk(leadSchema, `/api/leads/${late.id}`, { body: { status: 'closed-won', sourceEventId: e.id } })).sourceEventId).toBe(e.id);

    const report = await admin.api.getOk(eventReportSchema, `/api/events/${e.id}/report`);
    expect(report).toMatchObject({ eventId: e.id, registeredCount: 2, waitlistCount: 0, attendedCount: 2 });
    expect(report.leads).toMatchObject({ count: 3, closedWonCount: 2, closedWonValue: '12346.00' });
    expect(report.leads.items.map((l) => l.companyName).sort()).toEqual(['Globex Ltd', 'Hooli', 'Initech']);
  });

  it('refuses an event that does not exist as the source of a lead', async () => {
    const err = expectError(await partner.api.post('/api/leads', { body: leadBody({ sourceEventId: NO_SUCH_ID }) }), 400, 'validation_failed');
    expect(err.issues).toEqual([{ path: 'sourceEventId', message: 'Choose an event from the list' }]);
    const bad = expectError(await partner.api.post('/api/leads', { body: leadBody({ sourceEventId: 'nope' }) }), 400, 'validation_failed');
    expect(bad.issues).toContainEqual({ path: 'sourceEventId', message: 'Choose an event from the list' });
  });
});
