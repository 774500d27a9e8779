import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventDetailSchema } from '../../common/schemas/events.ts';
import { auditLog, eventRegistrations, events } from '../../server/db/schema/index.ts';
import type { Client } from '../helpers/client.ts';
import { admin, anon, ctx, DAY, event, eventsOf, HOUR, later, partner, pendingApi, register, useEventsApp, validBody } from '../helpers/events.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

/** Events: who may reach each route, and creating an event with its date and place rules. */
useEventsApp();

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
    const [fact] = await eventsOf('event.created', created.id);
    expect(fact).toMatchObject({ entityType: 'event', actorId: admin.user.id });
    expect(fact.data).toEqual({
      eventId: created.id,
      type: 'in-person',
      category: 'networking',
      status: 'active',
      startDate: created.startDate,
      endDate: created.endDate,
      registrationDeadline: null,
      maxAttendees: 30,
    });
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
