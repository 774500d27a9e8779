import { and, asc, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { EVENT_MESSAGES as M, type RegistrationStatus } from '../../common/constants/events.ts';
import { AppError } from '../../common/errors.ts';
import { type EventAttendee, type EventDetail, type EventItem, type EventQuery, type MyEventRegistration } from '../../common/schemas/events.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import { cappedCount, type CappedTotal } from '../db/capped-count.ts';
import type { Db, Tx } from '../db/client.ts';
import { eventRegistrations, events, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { eventScope } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';
import { presentAttendee, presentEvent } from '../presenters/event.ts';

/**
 * What the workflows that tell registrants something need. They tell them by notification alone: the e-mail each
 * notification owes follows the member's choice for event e-mails (services/notification-mail.ts).
 */
export interface EventDeps {
  db: Db;
}

export type EventRow = typeof events.$inferSelect;

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
function eventRows<Extra extends SelectedFields = Record<never, never>>(db: Db | Tx, viewer: Actor, extra = {} as Extra) {
  return db
    .select({
      ...extra,
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

/** Upcoming events soonest first, past ones latest first, then id: `events_start_idx` holds both orders (migration 0031). */
const UPCOMING_ORDER: KeyOrder = [{ expr: events.startDate }, { expr: events.id }];
const PAST_ORDER: KeyOrder = [
  { expr: events.startDate, desc: true },
  { expr: events.id, desc: true },
];

/**
 * One page of events: upcoming (not yet ended, soonest first) or past (latest first), optionally one category,
 * searched over title, description and location; each with its counts and the viewer's own registration, and the
 * cursors either side.
 */
export async function listEvents(db: Db, viewer: Actor, q: EventQuery, now: Date) {
  const filters: SQL[] = [eventScope(viewer), q.when === 'past' ? lte(events.endDate, now) : gt(events.endDate, now)];
  if (q.category) filters.push(eq(events.category, q.category));
  if (q.status) filters.push(eq(events.status, q.status));
  if (q.search) {
    const p = escapeLike(q.search);
    // each field has a trigram index (migration 0029)
    filters.push(or(ilike(events.title, p), ilike(events.description, p), ilike(events.location, p))!);
  }
  const where = and(...filters);
  const order = q.when === 'past' ? PAST_ORDER : UPCOMING_ORDER;
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(order) })
        .from(events)
        .where(where)
        .orderBy(...keysetOrderBy(order, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, { total, totalCapped }] = await Promise.all([
    readKeysetPage(
      order,
      q,
      (plan) =>
        eventRows(db, viewer, keysetColumns(order))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    // a search counts its matches up to the cap
    q.search
      ? cappedCount(db, db.select({ id: events.id }).from(events).where(where).$dynamic())
      : db
          .select({ total: count() })
          .from(events)
          .where(where)
          .then(([r]): CappedTotal => r),
  ]);
  return { items: page.rows.map((r) => presentEvent(viewer, r, now)), total, totalCapped, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** One event as the viewer sees it; 404 outside the viewer's scope. */
export async function loadEvent(db: Db | Tx, viewer: Actor, id: string, now: Date): Promise<EventItem> {
  const [row] = await eventRows(db, viewer).where(and(eq(events.id, id), eventScope(viewer)));
  if (!row) throw new AppError('not_found', M.notFound);
  return presentEvent(viewer, row, now);
}

/** Everyone registered for an event, places first, then the waitlist in arrival order. */
export async function attendeesOf(db: Db | Tx, eventId: string): Promise<EventAttendee[]> {
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
  return rows.map(presentAttendee);
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
export async function lockEvent(tx: Tx, actor: Actor, id: string): Promise<EventRow> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), eventScope(actor)))
    .for('no key update');
  if (!row) throw new AppError('not_found', M.notFound);
  return row;
}
