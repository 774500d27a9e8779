import type { EventCategory, EventStatus, EventType, RegistrationStatus } from '../../common/constants/events.ts';
import type { EventAttendee, EventItem } from '../../common/schemas/events.ts';
import type { eventRegistrations, events } from '../db/schema/index.ts';
import { eventAbilities, seesMeetingLink } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, money } from './wire.ts';

/** An event as read for one viewer: its row, organizer's name, counts, and the viewer's own registration (if any). */
export interface EventView {
  e: typeof events.$inferSelect;
  organizerName: string | null;
  registrationsCount: number;
  waitlistCount: number;
  mine: { id: string | null; status: string | null; registrationDate: Date | null; attended: boolean | null } | null;
  /** The viewer's place on the waitlist, when they wait. */
  position: number | null;
}

/** An event as the viewer sees it: the joining link only for those holding a place, and what they may do. */
export function presentEvent(viewer: Actor, r: EventView, now: Date): EventItem {
  const e = r.e;
  const registration = r.mine?.id
    ? {
        id: r.mine.id,
        status: r.mine.status as RegistrationStatus,
        waitlistPosition: r.position,
        attended: r.mine.attended!,
        registrationDate: iso(r.mine.registrationDate!),
      }
    : null;
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    type: e.type as EventType,
    category: e.category as EventCategory,
    startDate: iso(e.startDate),
    endDate: iso(e.endDate),
    timezone: e.timezone,
    location: e.location,
    meetingLink: seesMeetingLink(viewer, registration?.status) ? e.meetingLink : null,
    hasMeetingLink: e.meetingLink !== null,
    maxAttendees: e.maxAttendees,
    registrationRequired: e.registrationRequired,
    registrationDeadline: iso(e.registrationDeadline),
    fee: e.fee === null ? null : money(e.fee),
    currency: e.currency,
    tags: e.tags,
    linkedinPromotionText: e.linkedinPromotionText,
    status: e.status as EventStatus,
    organizerId: e.organizerId,
    organizerName: r.organizerName,
    registrationsCount: r.registrationsCount,
    waitlistCount: r.waitlistCount,
    myRegistration: registration,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    can: eventAbilities(viewer, e, registration?.status, now),
  };
}

/** One registration on an event's attendee list, with the member's name and their place on the waitlist. */
export const presentAttendee = (x: { r: typeof eventRegistrations.$inferSelect; userName: string; position: number | null }): EventAttendee => ({
  id: x.r.id,
  userId: x.r.userId,
  userName: x.userName,
  status: x.r.status as RegistrationStatus,
  waitlistPosition: x.position,
  attended: x.r.attendanceConfirmed,
  registrationDate: iso(x.r.registrationDate),
});
