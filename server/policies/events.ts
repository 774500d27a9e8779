import { sql, type SQL } from 'drizzle-orm';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import type { EventAbilities } from '../../common/schemas/events.ts';
import { events } from '../db/schema/index.ts';
import { conflict, forbidden, notFound, permits, type Permission } from './authorize.ts';
import { isAdmin, isMember, type Actor } from './roles.ts';

/**
 * Events. Every member sees the public events (every event the product creates is public); administrators see all.
 * Only administrators (admin and master-admin) create, edit and cancel events, see who registered, mark attendance
 * and read an event's report. An event is edited or cancelled until it ends, unless already cancelled; attendance
 * is marked once it has started. A member registers themselves for an active event that has not started and whose
 * registration deadline has not passed; a full event puts them on its waitlist. They may unregister until it starts.
 */
export function eventScope(actor: Actor): SQL {
  return seesAllEvents(actor) ? sql`true` : sql`${events.isPublic}`;
}

/** Whether the actor's events scope is every event, the ones not public included. */
export function seesAllEvents(actor: Actor): boolean {
  return isAdmin(actor);
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

/** An event with the acting member's own registration on it ('registered', 'waitlisted'), if they hold one. */
export interface EventForActor extends EventFacts {
  registration?: string | null;
}

export type EventAction = 'edit' | 'cancel' | 'register' | 'unregister' | 'markAttendance' | 'seeAttendees' | 'seeReport';

const ONLY_ADMIN = 'Only an administrator can manage events.';
const TAKEN_PLACE = 'This event has already taken place.';

/** Only an administrator creates events. */
export const eventCreatePermission = (actor: Actor): Permission => (canCreateEvents(actor) ? 'ok' : forbidden(ONLY_ADMIN));

/** Why registration is closed right now, or null while it is open. */
export function registrationClosedReason(e: EventFacts, now: Date): 'cancelled' | 'started' | 'registrationClosed' | null {
  if (e.status === 'cancelled') return 'cancelled';
  if (e.startDate.getTime() <= now.getTime()) return 'started';
  if (e.registrationDeadline && e.registrationDeadline.getTime() < now.getTime()) return 'registrationClosed';
  return null;
}

const closedMessage = { cancelled: M.cancelled, started: M.started, registrationClosed: M.registrationClosed } as const;

/**
 * Whether the actor may act on an event they can see, and if not, the refusal to send: forbidden for the
 * administrators' acts asked by anyone else, a conflict when the event's state (cancelled, started, ended) or the
 * member's registration forbids it now, not found when unregistering without a registration.
 */
export function eventPermission(actor: Actor, action: EventAction, e: EventForActor, now: Date): Permission {
  const started = e.startDate.getTime() <= now.getTime();
  if (action === 'register') {
    const closed = registrationClosedReason(e, now);
    if (closed) return conflict(closedMessage[closed]);
    if (e.registration) return conflict(e.registration === 'waitlisted' ? M.alreadyWaitlisted : M.alreadyRegistered);
    return 'ok';
  }
  if (action === 'unregister') {
    if (!e.registration) return notFound(M.notRegistered);
    if (e.status === 'cancelled') return conflict(M.cancelled);
    return started ? conflict(M.started) : 'ok';
  }
  if (!canCreateEvents(actor)) return forbidden(ONLY_ADMIN);
  if (action === 'seeAttendees' || action === 'seeReport') return 'ok';
  if (action === 'markAttendance') {
    if (e.status === 'cancelled') return conflict(M.cancelled);
    return started ? 'ok' : conflict(M.attendanceTooEarly);
  }
  // edit and cancel: until the event ends, unless it is cancelled already
  if (e.status === 'cancelled') return conflict(action === 'cancel' ? M.alreadyCancelled : M.cancelled);
  return e.endDate.getTime() <= now.getTime() ? conflict(TAKEN_PLACE) : 'ok';
}

/** What the actor may do with an event, each flag the policy's own answer; `register` also needs an admitted member. */
export function eventAbilities(actor: Actor, e: EventFacts, registration: string | null | undefined, now: Date): EventAbilities {
  const may = (action: EventAction) => permits(eventPermission(actor, action, { ...e, registration }, now));
  return {
    register: isMember(actor) && may('register'),
    unregister: may('unregister'),
    edit: may('edit'),
    cancel: may('cancel'),
    markAttendance: may('markAttendance'),
    seeAttendees: may('seeAttendees'),
    viewReport: may('seeReport'),
  };
}
