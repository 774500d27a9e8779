import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EVENT_MESSAGES as M, type EventCategory, type EventStatus, type EventType, type RegistrationStatus } from '../../common/constants/events.ts';
import { AppError } from '../../common/errors.ts';
import { eventLocationProblem, eventStartProblem, formatEventDate } from '../../common/rules/events.ts';
import { reversalOf } from '../../common/rules/points.ts';
import {
  resolveEventDates,
  type EventAttendanceData,
  type EventAttendee,
  type EventCreateData,
  type EventDetail,
  type EventItem,
  type EventQuery,
  type EventReport,
  type EventUpdateData,
  type MyEventRegistration,
} from '../../common/schemas/events.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { eventRegistrations, events, leads, pointTransactions, users } from '../db/schema/index.ts';
import { canCreateEvents, eventAbilities, eventScope, registrationClosedReason, seesMeetingLink } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, money, moneyFromPence } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { awardPoints, checkAchievements, reversePoints } from './gamification.ts';
import { notify } from './notify.ts';

/**
 * What the workflows that tell registrants something need. They tell them by notification alone: the e-mail each
 * notification owes follows the member's choice for event e-mails (services/notification-mail.ts).
 */
export interface EventDeps {
  db: Db;
}

type EventRow = typeof events.$inferSelect;

/** The rows of a raw statement, whichever driver ran it (PGlite or node-postgres). */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);
const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/* ---------- reading ---------- */

const organizer = alias(users, 'organizer');
const mine = alias(eventRegistrations, 'mine');

/** Places taken and the waitlist's length, counted from the (event, status, date) index. */
const countOf = (status: RegistrationStatus) =>
  sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${events.id} and r.status = ${status})::int`.mapWith(Number);

/** A waitlisted registration's place in the queue: arrival order is registration time, then id. */
const positionOf = (reg: typeof mine) =>
  sql<number | null>`case when ${reg.status} = 'waitlisted' then (
    select count(*) from ${eventRegistrations} w
    where w.event_id = ${reg.eventId} and w.status = 'waitlisted' and (w.registration_date, w.id) <= (${reg.registrationDate}, ${reg.id})
  )::int end`.mapWith((v) => (v === null ? null : Number(v)));

/** The select every presented event is read with, for one viewer. */
function eventRows(db: Db | Tx, viewer: Actor) {
  return db
    .select({
      e: events,
      organizerName: sql<string | null>`${organizer.firstName} || ' ' || ${organizer.lastName}`,
      registrationsCount: countOf('registered'),
      waitlistCount: countOf('waitlisted'),
      mine: { id: mine.id, status: mine.status, registrationDate: mine.registrationDate, attended: mine.attendanceConfirmed },
      position: positionOf(mine),
    })
    .from(events)
    .leftJoin(organizer, eq(organizer.id, events.organizerId))
    .leftJoin(mine, and(eq(mine.eventId, events.id), eq(mine.userId, viewer.id)));
}
type EventRowOut = Awaited<ReturnType<ReturnType<typeof eventRows>['where']>>[number];

function presentEvent(viewer: Actor, r: EventRowOut, now: Date): EventItem {
  const e = r.e;
  const registration = r.mine?.id
    ? {
        id: r.mine.id,
        status: r.mine.status as RegistrationStatus,
        waitlistPosition: r.position,
        attended: r.mine.attended,
        registrationDate: iso(r.mine.registrationDate),
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
    can: eventAbilities(viewer, e, !!registration, now),
  };
}

/**
 * One page of events: upcoming (not yet ended, soonest first) or past (latest first), optionally one category,
 * searched over title, description and location; each with its counts and the viewer's own registration.
 */
export async function listEvents(db: Db, viewer: Actor, q: EventQuery, now: Date) {
  const filters: SQL[] = [eventScope(viewer), q.when === 'past' ? lte(events.endDate, now) : gt(events.endDate, now)];
  if (q.category) filters.push(eq(events.category, q.category));
  if (q.status) filters.push(eq(events.status, q.status));
  if (q.search) {
    const p = escapeLike(q.search);
    filters.push(or(ilike(events.title, p), ilike(events.description, p), ilike(events.location, p))!);
  }
  const where = and(...filters);
  const order = q.when === 'past' ? [desc(events.startDate), desc(events.id)] : [asc(events.startDate), asc(events.id)];
  const [rows, [{ total }]] = await Promise.all([
    eventRows(db, viewer)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(events).where(where),
  ]);
  return { items: rows.map((r) => presentEvent(viewer, r, now)), total };
}

async function loadEvent(db: Db | Tx, viewer: Actor, id: string, now: Date): Promise<EventItem> {
  const [row] = await eventRows(db, viewer).where(and(eq(events.id, id), eventScope(viewer)));
  if (!row) throw new AppError('not_found', M.notFound);
  return presentEvent(viewer, row, now);
}

/** Everyone registered for an event, places first, then the waitlist in arrival order. */
async function attendeesOf(db: Db | Tx, eventId: string): Promise<EventAttendee[]> {
  const rows = await db
    .select({
      r: eventRegistrations,
      userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      position: positionOf(eventRegistrations as unknown as typeof mine),
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(sql`${eventRegistrations.status} = 'waitlisted'`, asc(eventRegistrations.registrationDate), asc(eventRegistrations.id));
  return rows.map((x) => ({
    id: x.r.id,
    userId: x.r.userId,
    userName: x.userName,
    status: x.r.status as RegistrationStatus,
    waitlistPosition: x.position,
    attended: x.r.attendanceConfirmed,
    registrationDate: iso(x.r.registrationDate),
  }));
}

/** One event with its counts; the attendee list only when the viewer may see it (administrators). 404 outside the viewer's scope. */
export async function getEvent(db: Db | Tx, viewer: Actor, id: string, now: Date): Promise<EventDetail> {
  const event = await loadEvent(db, viewer, id, now);
  if (!event.can.seeAttendees) return event;
  return { ...event, attendees: await attendeesOf(db, id) };
}

/** The member's own registrations (each carries its eventId), soonest event first; past ones latest first. */
export async function listMyRegistrations(db: Db, viewer: Actor, q: PageQuery & { when: 'upcoming' | 'past' | 'all' }, now: Date) {
  const filters: SQL[] = [eventScope(viewer), sql`${mine.id} is not null`];
  if (q.when === 'upcoming') filters.push(gt(events.endDate, now));
  if (q.when === 'past') filters.push(lte(events.endDate, now));
  const where = and(...filters);
  const order = q.when === 'past' ? [desc(events.startDate), desc(events.id)] : [asc(events.startDate), asc(events.id)];
  const [rows, [{ total }]] = await Promise.all([
    eventRows(db, viewer)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db
      .select({ total: count() })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(
        and(
          eq(eventRegistrations.userId, viewer.id),
          eventScope(viewer),
          q.when === 'upcoming' ? gt(events.endDate, now) : q.when === 'past' ? lte(events.endDate, now) : undefined,
        ),
      ),
  ]);
  const items: MyEventRegistration[] = rows.map((r) => {
    const event = presentEvent(viewer, r, now);
    return { ...event.myRegistration!, eventId: event.id, event };
  });
  return { items, total };
}

/* ---------- writing: administrators ---------- */

/** Locks an event the actor can see (FOR NO KEY UPDATE: registrations' foreign keys still insert), or answers 404. */
async function lockEvent(tx: Tx, actor: Actor, id: string): Promise<EventRow> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), eventScope(actor)))
    .for('no key update');
  if (!row) throw new AppError('not_found', M.notFound);
  return row;
}

const requireAdmin = (actor: Actor) => {
  if (!canCreateEvents(actor)) throw new AppError('forbidden', 'Only an administrator can manage events.');
};

/** An administrator creates an event; they are its organizer. Audited. */
export async function createEvent(db: Db, actor: Actor, data: EventCreateData, now: Date): Promise<EventDetail> {
  requireAdmin(actor);
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

const whenText = (e: EventRow) => `${formatEventDate(e.startDate, e.timezone)} (${e.timezone})`;

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
  requireAdmin(actor);
  await deps.db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    if (row.status === 'cancelled') throw new AppError('conflict', M.cancelled);
    if (row.endDate.getTime() <= now.getTime()) throw new AppError('conflict', 'This event has already taken place.');
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
    const [{ taken }] = await tx
      .select({ taken: count() })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.status, 'registered')));
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
    if (changed.some((k) => (NEWSWORTHY as readonly string[]).includes(k))) {
      for (const to of await registrantsOf(tx, id)) {
        // the joining link goes only to those holding a place; the waitlist learns that there is one
        const link = after.meetingLink && (to.status === 'registered' ? after.meetingLink : 'online (the joining link is shown once you hold a place)');
        const where = [after.location, link].filter(Boolean).join(' · ') || 'to be announced';
        await notify(
          tx,
          to.userId,
          'event_updated',
          { type: 'event', id },
          {
            title: `Event updated: ${after.title}`.slice(0, 200),
            message: `Now ${whenText(after)}, ${where}.`.slice(0, 300),
            actionUrl: `/events?event=${id}`,
            actorId: actor.id,
            at: now,
          },
        );
      }
    }
    await promoteWaitlisted(tx, after, now);
  });
  return getEvent(deps.db, actor, id, now);
}

/** An administrator cancels an event that has not ended; everyone registered or waitlisted is told (in-app and by e-mail). Audited. */
export async function cancelEvent(deps: EventDeps, actor: Actor, id: string, now: Date): Promise<EventDetail> {
  requireAdmin(actor);
  await deps.db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    if (row.status === 'cancelled') throw new AppError('conflict', M.alreadyCancelled);
    if (row.endDate.getTime() <= now.getTime()) throw new AppError('conflict', 'This event has already taken place.');
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
    for (const to of await registrantsOf(tx, id)) {
      await notify(
        tx,
        to.userId,
        'event_cancelled',
        { type: 'event', id },
        {
          title: `Event cancelled: ${row.title}`.slice(0, 200),
          message: `"${row.title}" on ${whenText(row)} has been cancelled.`.slice(0, 300),
          actionUrl: `/events?event=${id}`,
          priority: 'high',
          actorId: actor.id,
          at: now,
        },
      );
    }
  });
  return getEvent(deps.db, actor, id, now);
}

/* ---------- registering ---------- */

const closedMessage = { cancelled: M.cancelled, started: M.started, registrationClosed: M.registrationClosed } as const;

/**
 * A member registers themselves. Under a lock on the event row (so registrations for one event are decided one
 * at a time and capacity is exact): the event must be open (active, not started, deadline not passed), the member
 * not yet registered; they take a place while places remain, else join the waitlist. Arrival order is the
 * registration time, then id; two registrations never share a time (each is at least a microsecond after the last).
 */
export async function registerForEvent(db: Db, actor: Actor, id: string, now: Date) {
  const status = await db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    const closed = registrationClosedReason(row, now);
    if (closed) throw new AppError('conflict', closedMessage[closed]);
    const [existing] = await tx
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.userId, actor.id)));
    if (existing) throw new AppError('conflict', existing.status === 'waitlisted' ? M.alreadyWaitlisted : M.alreadyRegistered);
    const [{ taken }] = await tx
      .select({ taken: count() })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.status, 'registered')));
    const status: RegistrationStatus = row.maxAttendees === null || taken < row.maxAttendees ? 'registered' : 'waitlisted';
    const [created] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: id,
        userId: actor.id,
        status,
        registrationDate: sql`greatest(${now.toISOString()}::timestamptz, (select max(r.registration_date) + interval '1 microsecond' from ${eventRegistrations} r where r.event_id = ${id}))`,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: eventRegistrations.id });
    if (!created) throw new AppError('conflict', M.alreadyRegistered);
    if (status === 'registered') await checkAchievements(tx, actor.id, ['event_registrations'], now);
    return status;
  });
  return { message: status === 'registered' ? M.registered : M.waitlisted, event: await loadEvent(db, actor, id, now) };
}

/**
 * A member unregisters (gives up their place or leaves the waitlist) before the event starts. A place given up goes
 * to the first on the waitlist in the same transaction, who is told in-app and by e-mail.
 */
export async function unregisterFromEvent(deps: EventDeps, actor: Actor, id: string, now: Date) {
  await deps.db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    const [gone] = await tx
      .select({ id: eventRegistrations.id, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.userId, actor.id)));
    if (!gone) throw new AppError('not_found', M.notRegistered);
    if (row.status === 'cancelled') throw new AppError('conflict', M.cancelled);
    if (row.startDate.getTime() <= now.getTime()) throw new AppError('conflict', M.started);
    await tx.delete(eventRegistrations).where(eq(eventRegistrations.id, gone.id));
    if (gone.status === 'registered') await promoteWaitlisted(tx, row, now);
  });
  return { message: M.unregistered, event: await loadEvent(deps.db, actor, id, now) };
}

/**
 * Gives up every place and waitlist entry a member holds for events that have not started (their account is being
 * erased), inside the caller's transaction. Each event is locked in id order, as registering locks it, and a freed
 * place goes to the waitlist exactly as when the member unregisters. Past registrations stay: they are the
 * attendance record.
 */
export async function releaseUpcomingRegistrations(tx: Tx, userId: string, now: Date): Promise<void> {
  const held = await tx
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), gt(events.startDate, now)))
    .orderBy(asc(eventRegistrations.eventId));
  for (const { eventId } of held) {
    const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
    if (!row) continue;
    const [gone] = await tx
      .delete(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
      .returning({ status: eventRegistrations.status });
    if (gone?.status === 'registered') await promoteWaitlisted(tx, row, now);
  }
}

/**
 * Offers free places of an active, not yet started event to the waitlist, first come first served, inside the
 * caller's transaction (which holds the event's lock). Each promoted member is notified.
 */
async function promoteWaitlisted(tx: Tx, event: EventRow, now: Date): Promise<void> {
  if (event.status !== 'active' || event.startDate.getTime() <= now.getTime()) return;
  const [{ taken }] = await tx
    .select({ taken: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'registered')));
  const free = event.maxAttendees === null ? null : event.maxAttendees - taken;
  if (free !== null && free <= 0) return;
  const next = tx
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'waitlisted')))
    .orderBy(asc(eventRegistrations.registrationDate), asc(eventRegistrations.id));
  const chosen = await (free === null ? next : next.limit(free));
  if (!chosen.length) return;
  const promoted = await tx
    .update(eventRegistrations)
    .set({ status: 'registered' })
    .where(
      inArray(
        eventRegistrations.id,
        chosen.map((c) => c.id),
      ),
    )
    .returning({ userId: eventRegistrations.userId });
  for (const to of promoted) {
    await notify(
      tx,
      to.userId,
      'event_promoted',
      { type: 'event', id: event.id },
      {
        title: `You have a place: ${event.title}`.slice(0, 200),
        message: `A place came free and it is yours: ${event.title}, ${whenText(event)}.`.slice(0, 300),
        actionUrl: `/events?event=${event.id}`,
        priority: 'high',
        at: now,
      },
    );
    await checkAchievements(tx, to.userId, ['event_registrations'], now);
  }
}

/**
 * An administrator records who attended, once the event has started. Only members holding a place can be marked.
 * Attending earns the event-attended points (once per event); unmarking takes them back. Audited.
 */
export async function markAttendance(db: Db, actor: Actor, id: string, data: EventAttendanceData, now: Date): Promise<EventDetail> {
  requireAdmin(actor);
  const userIds = [...new Set(data.userIds)];
  await db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    if (row.status === 'cancelled') throw new AppError('conflict', M.cancelled);
    if (row.startDate.getTime() > now.getTime()) throw new AppError('conflict', M.attendanceTooEarly);
    const regs = await tx
      .select({ id: eventRegistrations.id, userId: eventRegistrations.userId, attended: eventRegistrations.attendanceConfirmed })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.status, 'registered'), inArray(eventRegistrations.userId, userIds)));
    if (regs.length !== userIds.length) {
      const message = 'Only members registered for this event can be marked as attended.';
      throw new AppError('validation_failed', message, { issues: [{ path: 'userIds', message }] });
    }
    const changing = regs.filter((r) => r.attended !== data.attended);
    if (!changing.length) return;
    await tx
      .update(eventRegistrations)
      .set({ attendanceConfirmed: data.attended })
      .where(
        inArray(
          eventRegistrations.id,
          changing.map((r) => r.id),
        ),
      );
    for (const r of changing) {
      // marked again after a correction: the award and its reversal cancel out, so both go and the award is made afresh
      if (data.attended) await clearReversedAward(tx, r.userId, id);
      if (data.attended)
        await awardPoints(tx, { userId: r.userId, activity: 'event_attended', referenceId: id, reason: `Event attended: ${row.title}`.slice(0, 200) }, now);
      else await reversePoints(tx, r.userId, 'event_attended', id, now);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.attendance',
      entityType: 'event',
      entityId: id,
      after: { attended: data.attended, userIds: changing.map((r) => r.userId) },
      at: now,
    });
  });
  return getEvent(db, actor, id, now);
}

/** Removes an event-attended award together with its reversal (they sum to nothing), so it can be earned again. */
async function clearReversedAward(tx: Tx, userId: string, eventId: string) {
  const mineFor = (activity: string) =>
    and(eq(pointTransactions.userId, userId), eq(pointTransactions.activityType, activity), eq(pointTransactions.referenceId, eventId));
  const [reversed] = await tx
    .select({ id: pointTransactions.id })
    .from(pointTransactions)
    .where(mineFor(reversalOf('event_attended')));
  if (!reversed) return;
  await tx.delete(pointTransactions).where(or(mineFor('event_attended'), mineFor(reversalOf('event_attended'))));
}

/* ---------- report ---------- */

/**
 * An event's report (administrators): who registered and attended, and the leads met there with their closed-won
 * value, summed in integer pence by the database.
 */
export async function eventReport(db: Db, actor: Actor, id: string): Promise<EventReport> {
  requireAdmin(actor);
  const [event] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.id, id), eventScope(actor)));
  if (!event) throw new AppError('not_found', M.notFound);
  const [attendees, totals, leadRows] = await Promise.all([
    attendeesOf(db, id),
    db.execute(sql`
      select count(*)::int as count,
             count(*) filter (where status = 'closed-won')::int as won,
             coalesce(sum(round(estimated_value * 100)) filter (where status = 'closed-won'), 0)::bigint as won_pence
      from ${leads} where source_event_id = ${id}`),
    db
      .select({
        id: leads.id,
        companyName: leads.companyName,
        status: leads.status,
        estimatedValue: leads.estimatedValue,
        createdAt: leads.createdAt,
        submitterName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(leads)
      .innerJoin(users, eq(users.id, leads.submitterId))
      .where(eq(leads.sourceEventId, id))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(100),
  ]);
  const [t] = rowsOf<{ count: number; won: number; won_pence: string | number }>(totals);
  return {
    eventId: event.id,
    title: event.title,
    registeredCount: attendees.filter((a) => a.status === 'registered').length,
    waitlistCount: attendees.filter((a) => a.status === 'waitlisted').length,
    attendedCount: attendees.filter((a) => a.attended).length,
    attendees,
    leads: {
      count: Number(t.count),
      closedWonCount: Number(t.won),
      closedWonValue: moneyFromPence(Number(t.won_pence)),
      items: leadRows.map((l) => ({ ...l, estimatedValue: money(l.estimatedValue), createdAt: iso(l.createdAt) })),
    },
  };
}
