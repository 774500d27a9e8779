import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import { eventDetailSchema, eventPageSchema, eventRegistrationResultSchema, myEventRegistrationPageSchema, type EventDetail } from '../../common/schemas/events.ts';
import { registerMembers } from '../../server/db/factories/events.ts';
import { eventRegistrations } from '../../server/db/schema/index.ts';
import {
  admin,
  ctx,
  detail,
  event,
  eventsOf,
  HOUR,
  later,
  mailsOnceSent,
  member,
  members,
  notificationsOf,
  partner,
  PUBLIC_URL,
  register,
  unregister,
  useEventsApp,
  wantsEventMail,
} from '../helpers/events.ts';
import { expectError } from '../helpers/http.ts';

/** Events: listing and reading them, registering, the waitlist and unregistering. */
useEventsApp();

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
    // one fact per registration, with the places taken after it
    const placed = await eventsOf('event.registered', e.id);
    expect(placed.map((f) => (f.data as { registeredCount: number }).registeredCount).sort()).toEqual([1, 2, 3]);
    const waitlisted = await eventsOf('event.waitlisted', e.id);
    expect(waitlisted).toHaveLength(17);
    expect(waitlisted[0].data).toMatchObject({ eventId: e.id, status: 'waitlisted', maxAttendees: 3, registeredCount: 3 });
    expect(new Set([...placed, ...waitlisted].map((f) => f.actorId)).size).toBe(20);
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
    const left = (await eventsOf('event.unregistered', e.id)).map((f) => [f.actorId, f.data]);
    expect(left).toHaveLength(2);
    expect(left).toContainEqual([
      a.user.id,
      { eventId: e.id, registrationId: expect.any(String), userId: a.user.id, status: 'registered', maxAttendees: 1, registeredCount: 0, reason: 'member' },
    ]);
    expect(left).toContainEqual([c.user.id, expect.objectContaining({ userId: c.user.id, status: 'waitlisted', registeredCount: 1, reason: 'member' })]);
    const promoted = await eventsOf('event.promoted', e.id);
    expect(promoted.map((f) => [f.actorId, f.data])).toEqual([
      [a.user.id, { eventId: e.id, registrationId: expect.any(String), userId: b.user.id, status: 'registered', maxAttendees: 1, registeredCount: 1 }],
    ]);
  });

  it('refuses to unregister once the event has started', async () => {
    const e = await event({ inHours: 1 });
    await register(partner, e.id);
    ctx.clock.advance(2 * HOUR);
    expect(expectError(await unregister(partner, e.id), 409, 'conflict').message).toBe(M.started);
  });
});
