import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { EVENT_MESSAGES as M, type RegistrationStatus } from '../../common/constants/events.ts';
import { AppError } from '../../common/errors.ts';
import { reversalOf } from '../../common/rules/points.ts';
import type { EventAttendanceData, EventDetail } from '../../common/schemas/events.ts';
import type { Db, Tx } from '../db/client.ts';
import { eventRegistrations, events, pointTransactions } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { eventPermission } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';
import { recordAudit } from './audit.ts';
import { recordEvent } from './domain-events.ts';
import { getEvent, loadEvent, lockEvent, type EventDeps, type EventRow } from './events.ts';
import { awardPoints, checkAchievements, reversePoints } from './gamification.ts';
import { notifyMember } from './notify.ts';

/**
 * Registrations: the capacity and concurrency core of events. Every act here runs under a lock on the event row
 * (FOR NO KEY UPDATE), so the registrations of one event are decided one at a time and its capacity is exact.
 */

/** The places taken at an event (registrations holding a place), inside the caller's transaction. */
export async function registeredCount(tx: Tx, eventId: string): Promise<number> {
  const [{ taken }] = await tx
    .select({ taken: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'registered')));
  return taken;
}

/** The member's registration on an event, if they hold one. */
async function registrationOf(tx: Tx, eventId: string, userId: string) {
  const [reg] = await tx
    .select({ id: eventRegistrations.id, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
  return reg;
}

/**
 * A member registers themselves. Under a lock on the event row (so registrations for one event are decided one
 * at a time and capacity is exact): the event must be open (active, not started, deadline not passed), the member
 * not yet registered; they take a place while places remain, else join the waitlist. Arrival order is the
 * registration time, then id; two registrations never share a time (each is at least a microsecond after the last).
 */
export async function registerForEvent(db: Db, actor: Actor, id: string, now: Date) {
  const status = await db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    const existing = await registrationOf(tx, id, actor.id);
    authorize(eventPermission(actor, 'register', { ...row, registration: existing?.status }, now));
    const taken = await registeredCount(tx, id);
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
    const facts = { eventId: id, registrationId: created.id, userId: actor.id, maxAttendees: row.maxAttendees };
    const meta = { entityId: id, actorId: actor.id, at: now };
    if (status === 'registered') {
      await recordEvent(tx, 'event.registered', { ...facts, status, registeredCount: taken + 1 }, meta);
      await checkAchievements(tx, actor.id, ['event_registrations'], now);
    } else await recordEvent(tx, 'event.waitlisted', { ...facts, status, registeredCount: taken }, meta);
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
    const gone = await registrationOf(tx, id, actor.id);
    authorize(eventPermission(actor, 'unregister', { ...row, registration: gone?.status }, now));
    await tx.delete(eventRegistrations).where(eq(eventRegistrations.id, gone!.id));
    await recordUnregistered(tx, row, { registrationId: gone!.id, userId: actor.id, status: gone!.status }, 'member', actor.id, now);
    if (gone!.status === 'registered') await promoteWaitlisted(tx, row, now, actor.id);
  });
  return { message: M.unregistered, event: await loadEvent(deps.db, actor, id, now) };
}

/** Records that a registration is gone, with the places taken after it went. */
async function recordUnregistered(
  tx: Tx,
  event: EventRow,
  reg: { registrationId: string; userId: string; status: string },
  reason: 'member' | 'account_closed',
  actorId: string | null,
  now: Date,
) {
  const data = {
    eventId: event.id,
    ...reg,
    status: reg.status as RegistrationStatus,
    maxAttendees: event.maxAttendees,
    registeredCount: await registeredCount(tx, event.id),
    reason,
  };
  await recordEvent(tx, 'event.unregistered', data, { entityId: event.id, actorId, at: now });
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
      .returning({ id: eventRegistrations.id, status: eventRegistrations.status });
    if (!gone) continue;
    await recordUnregistered(tx, row, { registrationId: gone.id, userId, status: gone.status }, 'account_closed', null, now);
    if (gone.status === 'registered') await promoteWaitlisted(tx, row, now, null);
  }
}

/**
 * Offers free places of an active, not yet started event to the waitlist, first come first served, inside the
 * caller's transaction (which holds the event's lock). Each promoted member is notified. `actorId` is whoever's act
 * freed the places (none when an account is closed), recorded with the promotion.
 */
export async function promoteWaitlisted(tx: Tx, event: EventRow, now: Date, actorId: string | null): Promise<void> {
  if (event.status !== 'active' || event.startDate.getTime() <= now.getTime()) return;
  const taken = await registeredCount(tx, event.id);
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
    .returning({ id: eventRegistrations.id, userId: eventRegistrations.userId });
  const notice = { eventId: event.id, title: event.title, startDate: event.startDate, timezone: event.timezone };
  let registered = taken;
  for (const to of promoted) {
    registered += 1;
    const facts = { eventId: event.id, registrationId: to.id, userId: to.userId, status: 'registered' as const, maxAttendees: event.maxAttendees };
    await recordEvent(tx, 'event.promoted', { ...facts, registeredCount: registered }, { entityId: event.id, actorId, at: now });
    await notifyMember(tx, to.userId, 'event_promoted', notice, { entity: { type: 'event', id: event.id }, at: now });
    await checkAchievements(tx, to.userId, ['event_registrations'], now);
  }
}

/**
 * An administrator records who attended, once the event has started. Only members holding a place can be marked.
 * Attending earns the event-attended points (once per event); unmarking takes them back. Audited.
 */
export async function markAttendance(db: Db, actor: Actor, id: string, data: EventAttendanceData, now: Date): Promise<EventDetail> {
  const userIds = [...new Set(data.userIds)];
  await db.transaction(async (tx) => {
    const row = await lockEvent(tx, actor, id);
    authorize(eventPermission(actor, 'markAttendance', row, now));
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
    const marked = changing.map((r) => r.userId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'event.attendance',
      entityType: 'event',
      entityId: id,
      after: { attended: data.attended, userIds: marked },
      at: now,
    });
    await recordEvent(tx, 'event.attendance_marked', { eventId: id, attended: data.attended, userIds: marked }, { entityId: id, actorId: actor.id, at: now });
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
