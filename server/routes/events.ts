import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_MESSAGES } from '../../common/constants/events.ts';
import {
  calendarFeedSchema,
  eventAttendanceSchema,
  eventCreateSchema,
  eventDetailSchema,
  eventPageSchema,
  eventQuerySchema,
  eventRegisterSchema,
  eventRegistrationResultSchema,
  eventReportSchema,
  eventUpdateSchema,
  myEventRegistrationPageSchema,
  myEventRegistrationQuerySchema,
} from '../../common/schemas/events.ts';
import type { AppContext } from '../app.ts';
import { publicOrigin } from '../lib/request-target.ts';
import { calendarFeedUrl, eventCalendar, personalFeed, rotateCalendarFeed } from '../services/calendar.ts';
import { eventReport } from '../services/event-report.ts';
import { attendeeCsv } from '../services/event-attendee-export.ts';
import { textStream } from '../lib/stream-pages.ts';
import { markAttendance, registerForEvent, unregisterFromEvent } from '../services/event-registrations.ts';
import { cancelEvent, createEvent, updateEvent } from '../services/event-changes.ts';
import { getEvent, listEvents, listMyRegistrations } from '../services/events.ts';

const idParams = z.object({ id: z.uuid(EVENT_MESSAGES.notFound) });
const feedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Calendar feed not found.') });
const ICS = 'text/calendar; charset=utf-8';

/**
 * Events: every member lists and reads them, registers and unregisters (a full event puts them on the waitlist),
 * and downloads an event or subscribes to their own registrations as a calendar; administrators create, edit and
 * cancel events, see who registered, mark attendance and read an event's report. The administrators' routes are
 * closed to everyone else at the door; who may do what to which event, and when, is in server/policies/events.ts.
 * Events are written in server/services/events.ts, registrations and attendance in
 * server/services/event-registrations.ts. The personal feed is public: its address is the secret.
 */
export const eventRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db };
    const calendar = { db: ctx.db, brandName: ctx.config.brandName, supportEmail: ctx.config.supportEmail, secret: ctx.config.sessionSecret };

    app.get(
      '/api/events',
      { config: { tokenScopes: ['events:read'] }, schema: { querystring: eventQuerySchema, response: { 200: eventPageSchema } } },
      async (request) => {
        const q = request.query;
        const { items, total, totalCapped, page, nextCursor, prevCursor } = await listEvents(ctx.db, request.user!, q, ctx.now());
        return { items, total, totalCapped, page, pageSize: q.pageSize, nextCursor, prevCursor };
      },
    );

    app.get(
      '/api/my-event-registrations',
      { schema: { querystring: myEventRegistrationQuerySchema, response: { 200: myEventRegistrationPageSchema } } },
      async (request) => {
        const q = request.query;
        const { items, total } = await listMyRegistrations(ctx.db, request.user!, q, ctx.now());
        return { items, total, page: q.page, pageSize: q.pageSize };
      },
    );

    app.get('/api/events/:id', { config: { tokenScopes: ['events:read'] }, schema: { params: idParams, response: { 200: eventDetailSchema } } }, async (request) =>
      getEvent(ctx.db, request.user!, request.params.id, ctx.now()),
    );

    app.get('/api/events/:id.ics', { config: { tokenScopes: ['events:read'] }, schema: { params: idParams } }, async (request, reply) => {
      const { ics, filename } = await eventCalendar(calendar, request.user!, request.params.id, publicOrigin(ctx.config.publicUrl, request));
      return reply.header('content-type', ICS).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(ics);
    });

    app.post('/api/events', { config: { access: 'admin' }, schema: { body: eventCreateSchema, response: { 201: eventDetailSchema } } }, async (request, reply) => {
      const event = await createEvent(ctx.db, request.user!, request.body, ctx.now());
      return reply.code(201).send(event);
    });

    app.patch(
      '/api/events/:id',
      { config: { access: 'admin' }, schema: { params: idParams, body: eventUpdateSchema, response: { 200: eventDetailSchema } } },
      async (request) => updateEvent(deps, request.user!, request.params.id, request.body, ctx.now()),
    );

    app.post('/api/events/:id/cancel', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: eventDetailSchema } } }, async (request) =>
      cancelEvent(deps, request.user!, request.params.id, ctx.now()),
    );

    app.post(
      '/api/events/:id/attendance',
      { config: { access: 'admin' }, schema: { params: idParams, body: eventAttendanceSchema, response: { 200: eventDetailSchema } } },
      async (request) => markAttendance(ctx.db, request.user!, request.params.id, request.body, ctx.now()),
    );

    app.get(
      '/api/events/:id/report',
      { config: { access: 'admin', tokenScopes: ['events:read'] }, schema: { params: idParams, response: { 200: eventReportSchema } } },
      async (request) => eventReport(ctx.db, request.user!, request.params.id, ctx.now()),
    );

    // one line per registration, streamed a page at a time (server/services/event-attendee-export.ts)
    app.get('/api/events/:id/attendees.csv', { config: { access: 'admin', tokenScopes: ['events:read'] }, schema: { params: idParams } }, async (request, reply) => {
      const { filename, lines } = await attendeeCsv(ctx.db, request.user!, request.params.id, ctx.now());
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${filename}"`).send(textStream(lines));
    });

    app.post(
      '/api/events/:id/register',
      { schema: { params: idParams, body: eventRegisterSchema.optional(), response: { 201: eventRegistrationResultSchema } } },
      async (request, reply) => reply.code(201).send(await registerForEvent(ctx.db, request.user!, request.params.id, ctx.now())),
    );

    app.delete('/api/events/:id/unregister', { schema: { params: idParams, response: { 200: eventRegistrationResultSchema } } }, async (request) =>
      unregisterFromEvent(deps, request.user!, request.params.id, ctx.now()),
    );

    app.get('/api/calendar-feed', { schema: { response: { 200: calendarFeedSchema } } }, async (request) => ({
      url: await calendarFeedUrl(calendar, request.user!, publicOrigin(ctx.config.publicUrl, request), ctx.now()),
    }));

    app.post('/api/calendar-feed/rotate', { schema: { response: { 200: calendarFeedSchema } } }, async (request) => ({
      url: await rotateCalendarFeed(calendar, request.user!, publicOrigin(ctx.config.publicUrl, request), ctx.now()),
    }));

    app.get('/api/calendar/:token.ics', { config: { access: 'public' }, schema: { params: feedParams } }, async (request, reply) => {
      const ics = await personalFeed(calendar, request.params.token, publicOrigin(ctx.config.publicUrl, request), ctx.now());
      return reply.header('content-type', ICS).header('cache-control', 'private, max-age=300').send(ics);
    });
  };
