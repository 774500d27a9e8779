import { sql, type SQL } from 'drizzle-orm';
import type { EventAbilities } from '../../common/schemas/events.ts';
import { events } from '../db/schema/index.ts';
import { isAdmin, isMember, type Actor } from './roles.ts';

/**
 * Events. Every member sees the public events (every event the product creates is public); administrators see all.
 * Only administrators (admin and master-admin) create, edit and cancel events, see who registered, mark attendance
 * and read an event's report. A member registers themselves for an active event that has not started and whose
 * registration deadline has not passed; a full event puts them on its waitlist. They may unregister until it starts.
 */
export function eventScope(actor: Actor): SQL {
  return isAdmin(actor) ? sql`true` : sql`${events.isPublic}`;
}

export const canCreateEvents = (actor: Actor) => isMember(actor) && isAdmin(actor);

/** The joining link is for those who hold a place (and administrators); others see only that one exists. */
export const seesMeetingLink = (actor: Actor, registrationStatus: string | null | undefined) => canCreateEvents(actor) || registrationStatus === 'registered';

export interface EventFacts {
  status: string;
  startDate: Date;
  endDate: Date;
  registrationDeadline: Date | null;
}

/** Why registration is closed right now, or null while it is open. */
export function registrationClosedReason(e: EventFacts, now: Date): 'cancelled' | 'started' | 'registrationClosed' | null {
  if (e.status === 'cancelled') return 'cancelled';
  if (e.startDate.getTime() <= now.getTime()) return 'started';
  if (e.registrationDeadline && e.registrationDeadline.getTime() < now.getTime()) return 'registrationClosed';
  return null;
}

export function eventAbilities(actor: Actor, e: EventFacts, registered: boolean, now: Date): EventAbilities {
  const admin = canCreateEvents(actor);
  const active = e.status === 'active';
  const started = e.startDate.getTime() <= now.getTime();
  const ended = e.endDate.getTime() <= now.getTime();
  return {
    register: isMember(actor) && !registered && registrationClosedReason(e, now) === null,
    unregister: registered && active && !started,
    edit: admin && active && !ended,
    cancel: admin && active && !ended,
    markAttendance: admin && active && started,
    seeAttendees: admin,
    viewReport: admin,
  };
}
