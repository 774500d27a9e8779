import { z } from 'zod';
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_TYPES, REGISTRATION_STATUSES } from '../constants/events.ts';
import type { DomainEventSchemas } from './types.ts';

/** An event's schedule and capacity after the act: its kind, state, times (ISO instants) and places (null: no limit). */
const eventFacts = z.object({
  eventId: z.uuid(),
  type: z.enum(EVENT_TYPES),
  category: z.enum(EVENT_CATEGORIES),
  status: z.enum(EVENT_STATUSES),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  registrationDeadline: z.iso.datetime().nullable(),
  maxAttendees: z.number().int().nullable(),
});

/** One member's registration after the act, with the event's capacity and the places then taken. */
const registrationFacts = z.object({
  eventId: z.uuid(),
  registrationId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(REGISTRATION_STATUSES),
  maxAttendees: z.number().int().nullable(),
  registeredCount: z.number().int(),
});

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const eventsEvents = {
  'event.created': {
    entityType: 'event',
    describe: 'An administrator created an event',
    schema: eventFacts,
  },
  'event.updated': {
    entityType: 'event',
    describe: 'An administrator changed an event’s details, time, place or capacity',
    schema: eventFacts.extend({ changed: z.array(z.string()) }),
  },
  'event.cancelled': {
    entityType: 'event',
    describe: 'An administrator cancelled an event; its registrations stay for the record',
    schema: z.object({ eventId: z.uuid(), status: z.literal('cancelled'), registeredCount: z.number().int(), waitlistCount: z.number().int() }),
  },
  'event.registered': {
    entityType: 'event',
    describe: 'A member took a place at an event',
    schema: registrationFacts.extend({ status: z.literal('registered') }),
  },
  'event.waitlisted': {
    entityType: 'event',
    describe: 'A member registered for a full event and joined its waitlist',
    schema: registrationFacts.extend({ status: z.literal('waitlisted') }),
  },
  'event.unregistered': {
    entityType: 'event',
    describe: 'A member gave up their place or left the waitlist (themselves, or as their account was closed)',
    schema: registrationFacts.extend({ reason: z.enum(['member', 'account_closed']) }),
  },
  'event.promoted': {
    entityType: 'event',
    describe: 'A place came free and went to the first member on the waitlist',
    schema: registrationFacts.extend({ status: z.literal('registered') }),
  },
  'event.attendance_marked': {
    entityType: 'event',
    describe: 'An administrator recorded members as attended, or not, at an event that has started',
    schema: z.object({ eventId: z.uuid(), attended: z.boolean(), userIds: z.array(z.uuid()) }),
  },
} satisfies DomainEventSchemas;
