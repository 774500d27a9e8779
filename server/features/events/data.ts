import { asc, eq } from 'drizzle-orm';
import { calendarFeedTokens, eventRegistrations, events } from '../../db/schema/index.ts';
import { iso } from '../../presenters/wire.ts';
import { releaseUpcomingRegistrations } from '../../services/event-registrations.ts';
import type { FeatureData } from '../data-types.ts';

/** The member's event registrations, and their calendar feed. */
export const eventsData = {
  feature: 'events',
  personalTables: [
    {
      column: eventRegistrations.userId,
      file: 'events.json',
      erase: 'kept',
      reason: 'places at events still to come are given up (the waitlist moves up); past ones are the attendance record',
    },
    {
      column: events.organizerId,
      notExported: 'the organisation’s events, which administrators organise',
      erase: 'kept',
      reason: 'who organised an event: an id only, the name shows as "Deleted member"',
    },
    { column: calendarFeedTokens.userId, notExported: 'the secret of the member’s calendar feed address: a credential', erase: 'deleted' },
  ],
  sections: [
    {
      file: 'events.json',
      describe: 'your event registrations',
      async collect(db, userId) {
        const rows = await db
          .select({ r: eventRegistrations, title: events.title, startDate: events.startDate, location: events.location })
          .from(eventRegistrations)
          .innerJoin(events, eq(events.id, eventRegistrations.eventId))
          .where(eq(eventRegistrations.userId, userId))
          .orderBy(asc(events.startDate));
        return {
          json: rows.map(({ r, title, startDate, location }) => ({
            event: title,
            startDate: iso(startDate),
            location,
            status: r.status,
            registeredAt: iso(r.registrationDate),
            paymentStatus: r.paymentStatus,
            paymentAmount: r.paymentAmount,
            notes: r.notes,
            attendanceConfirmed: r.attendanceConfirmed,
          })),
        };
      },
    },
  ],
  async erase(tx, target, now) {
    // places at events still to come are given up, and the waitlist moves up
    await releaseUpcomingRegistrations(tx, target.id, now);
    await tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, target.id));
  },
} satisfies FeatureData;
