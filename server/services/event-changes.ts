import { asc, eq } from 'drizzle-orm';
import { EVENT_MESSAGES as M, type EventCategory, type EventStatus, type EventType } from '../../common/constants/events.ts';
import { AppError } from '../../common/errors.ts';
import { eventLocationProblem, eventStartProblem } from '../../common/rules/events.ts';
import { resolveEventDates, type EventCreateData, type EventDetail, type EventUpdateData } from '../../common/schemas/events.ts';
import type { Db, Tx } from '../db/client.ts';
import { eventRegistrations, events, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { eventCreatePermission, eventPermission } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { recordEvent } from './domain-events.ts';
import { promoteWaitlisted, registeredCount } from './event-registrations.ts';
import { lockEvent, getEvent, type EventDeps, type EventRow } from './events.ts';
import { notifyMember } from './notify.ts';

/* Creating, changing and cancelling events: administrators' acts, which may hand freed places to the waitlist. */

/** An event's schedule and capacity as its domain events record them. */
const eventFacts = (e: EventRow) => ({
  eventId: e.id,
  type: e.type as EventType,
  category: e.category as EventCategory,
  status: e.status as EventStatus,
  startDate: iso(e.startDate),
  endDate: iso(e.endDate),
  registrationDeadline: iso(e.registrationDeadline),
  maxAttendees: e.maxAttendees,
});

/** An administrator creates an event; they are its organizer. Audited. */
export async function createEvent(db: Db, actor: Actor, data: EventCreateData, now: Date): Promise<EventDetail> {
  authorize(eventCreatePermission(actor));
  // checked against the server's clock, which the shared schema cannot read
  const past = eventStartProblem(new Date(data.startDate), now);
  if (past) throw new AppError('validation_failed', past.message, { issues: [past] });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({
        ...data,
        organizerId: actor.id,
        startDate: new Date(data.startDate),
        endDate: new Date(data.endDate),
        registrationDeadline: data.registrationDeadline ? new Date(data.registrationDeadline) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'event.create', entityType: 'event', entityId: row.id, after: auditView(row), at: now });
    await recordEvent(tx, 'event.created', eventFacts(row), { entityId: row.id, actorId: actor.id, at: now });
    return row.id;
  });
  return getEvent(db, actor, id, now);
}

/** The fields an audit entry keeps of an event. */
const auditView = (e: EventRow) => ({
  title: e.title,
  type: e.type,
  category: e.category,
  startDate: iso(e.startDate),
  endDate: iso(e.endDate),
  timezone: e.timezone,
  location: e.location,
  meetingLink: e.meetingLink,
  maxAttendees: e.maxAttendees,
  registrationDeadline: iso(e.registrationDeadline),
  fee: e.fee,
  status: e.status,
});

/** A change of any of these is news to the people registered. */
const NEWSWORTHY = ['startDate', 'endDate', 'timezone', 'location', 'meetingLink'] as const;

/** An event as its notifications name it. */
const noticeFacts = (e: EventRow) => ({ eventId: e.id, title: e.title, startDate: e.startDate, timezone: e.timezone });

/** Everyone registered or waitlisted for an event, with their registration's status. */
function registrantsOf(tx: Tx, eventId: string): Promise<{ userId: string; status: string }[]> {
  return tx
    .select({ userId: users.id, status: eventRegistrations.status })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.registrationDate), asc(eventRegistrations.id));
}

/**
 * An administrator changes an event that has not ended and is not cancelled. The date rules are checked against
 * the stored values; capacity never goes below the places already taken, and a larger one offers the new places to
 * the waitlist in arrival order. A change of time or place is sent to everyone registered (in-app and by e-mail).
 * Audited with the fields before and after.
 */
export async function updateEvent(deps: EventDeps, actor: Actor, id: string, data: EventUpdateData, now: Date): Promise<EventDetail> {
  await deps.db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    authorize(eventPermission(actor, 'edit', row, now));
    const timezone = data.timezone ?? row.timezone;
    const dates = resolveEventDates({
      timezone,
      startDate: data.startDate ?? row.startDate.toISOString(),
      endDate: data.endDate ?? row.endDate.toISOString(),
      registrationDeadline: data.registrationDeadline !== undefined ? data.registrationDeadline : (row.registrationDeadline?.toISOString() ?? null),
    });
    // a start that moves must move ahead; the place is checked on the type and location the event ends up with
    const moved = dates.startDate && dates.startDate.getTime() !== row.startDate.getTime() ? eventStartProblem(dates.startDate, now) : null;
    const place =
      data.type !== undefined || data.location !== undefined
        ? eventLocationProblem(data.type ?? row.type, data.location !== undefined ? data.location : row.location)
        : null;
    if (moved) dates.issues.push(moved);
    if (place) dates.issues.push(place);
    if (dates.issues.length) throw new AppError('validation_failed', dates.issues[0].message, { issues: dates.issues });
    const taken = await registeredCount(tx, id);
    if (data.maxAttendees != null && data.maxAttendees < taken) throw new AppError('conflict', M.capacityBelowRegistered(taken));
    const [after] = await tx
      .update(events)
      .set({
        ...data,
        timezone,
        startDate: dates.startDate!,
        endDate: dates.endDate!,
        registrationDeadline: dates.registrationDeadline,
        updatedAt: now,
      })
      .where(eq(events.id, id))
      .returning();
    const before = auditView(row);
    const now_ = auditView(after);
    const changed = (Object.keys(now_) as (keyof typeof now_)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(now_[k]));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.update',
      entityType: 'event',
      entityId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, now_[k]])),
      at: now,
    });
    await recordEvent(tx, 'event.updated', { ...eventFacts(after), changed }, { entityId: id, actorId: actor.id, at: now });
    if (changed.some((k) => (NEWSWORTHY as readonly string[]).includes(k))) {
      for (const to of await registrantsOf(tx, id)) {
        const params = { ...noticeFacts(after), location: after.location, meetingLink: after.meetingLink, holdsPlace: to.status === 'registered' };
        await notifyMember(tx, to.userId, 'event_updated', params, { entity: { type: 'event', id }, actorId: actor.id, at: now });
      }
    }
    await promoteWaitlisted(tx, after, now, actor.id);
  });
  return getEvent(deps.db, actor, id, now);
}

/** An administrator cancels an event that has not ended; everyone registered or waitlisted is told (in-app and by e-mail). Audited. */
export async function cancelEvent(deps: EventDeps, actor: Actor, id: string, now: Date): Promise<EventDetail> {
  await deps.db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    authorize(eventPermission(actor, 'cancel', row, now));
    await tx.update(events).set({ status: 'cancelled', updatedAt: now }).where(eq(events.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.cancel',
      entityType: 'event',
      entityId: id,
      before: { status: row.status },
      after: { status: 'cancelled' },
      at: now,
    });
    const registrants = await registrantsOf(tx, id);
    const registered = registrants.filter((r) => r.status === 'registered').length;
    const facts = { eventId: id, status: 'cancelled' as const, registeredCount: registered, waitlistCount: registrants.length - registered };
    await recordEvent(tx, 'event.cancelled', facts, { entityId: id, actorId: actor.id, at: now });
    for (const to of registrants) {
      await notifyMember(tx, to.userId, 'event_cancelled', noticeFacts(row), { entity: { type: 'event', id }, actorId: actor.id, at: now });
    }
  });
  return getEvent(deps.db, actor, id, now);
}
