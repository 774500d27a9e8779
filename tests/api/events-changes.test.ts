import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import { POINT_RULES } from '../../common/rules/points.ts';
import { eventDetailSchema } from '../../common/schemas/events.ts';
import { auditLog, pointTransactions } from '../../server/db/schema/index.ts';
import { reloadUser } from '../helpers/app.ts';
import { admin, ctx, event, eventsOf, HOUR, mailsOnceSent, members, notificationsOf, partner, register, useEventsApp, wantsEventMail } from '../helpers/events.ts';
import { expectError } from '../helpers/http.ts';

/** Events: changing and cancelling an event (and who is told), and marking attendance. */
useEventsApp();

describe('changing and cancelling an event', () => {
  it('tells everyone registered when the time or place changes (by e-mail those who chose event e-mails), and audits the change', async () => {
    const e = await event({ maxAttendees: 1 });
    const [a, b, quiet] = await members(3);
    await register(a, e.id);
    await register(b, e.id);
    await register(quiet, e.id);
    await wantsEventMail(a, b);
    ctx.mailer.sent = [];
    const changed = await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { location: 'The Shard, London' } });
    expect(changed.location).toBe('The Shard, London');
    for (const m of [a, b, quiet]) expect(await notificationsOf(m.user.id, 'event_updated')).toHaveLength(1);
    expect((await mailsOnceSent(2)).map((m) => m.to).sort()).toEqual([a.user.email, b.user.email].sort());
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, e.id), eq(auditLog.action, 'event.update')));
    expect(audit.after).toEqual({ location: 'The Shard, London' });
    const [fact] = await eventsOf('event.updated', e.id);
    expect(fact.actorId).toBe(admin.user.id);
    expect(fact.data).toMatchObject({ eventId: e.id, status: 'active', maxAttendees: 1, changed: ['location'] });
    // a title change alone is not news
    await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { title: 'Renamed' } });
    expect(await notificationsOf(a.user.id, 'event_updated')).toHaveLength(1);
    // more places go to the waitlist; fewer than those taken is refused
    const bigger = await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { maxAttendees: 5 } });
    expect([bigger.registrationsCount, bigger.waitlistCount]).toEqual([3, 0]);
    expect(await notificationsOf(b.user.id, 'event_promoted')).toHaveLength(1);
    const promoted = await eventsOf('event.promoted', e.id);
    expect(promoted.map((f) => [f.actorId, (f.data as { userId: string }).userId].join()).sort()).toEqual(
      [b.user.id, quiet.user.id].map((u) => [admin.user.id, u].join()).sort(),
    );
    expect((await eventsOf('event.updated', e.id)).map((f) => (f.data as { changed: string[] }).changed)).toContainEqual(['maxAttendees']);
    expect(expectError(await admin.api.patch(`/api/events/${e.id}`, { body: { maxAttendees: 1 } }), 409, 'conflict').message).toBe(M.capacityBelowRegistered(3));
    const bad = expectError(await admin.api.patch(`/api/events/${e.id}`, { body: { endDate: e.startDate } }), 400, 'validation_failed');
    expect(bad.issues).toContainEqual({ path: 'endDate', message: 'End date must be after the start date' });
    expectError(await admin.api.patch(`/api/events/${e.id}`, { body: {} }), 400, 'validation_failed');
  });

  it('cancels an event, telling everyone registered or waiting in-app and by e-mail (event e-mails chosen); once', async () => {
    const e = await event({ maxAttendees: 1, title: 'Cancelled Gala' });
    const [a, b] = await members(2);
    await register(a, e.id);
    await register(b, e.id);
    await wantsEventMail(a, b);
    ctx.mailer.sent = [];
    const cancelled = await admin.api.postOk(eventDetailSchema, `/api/events/${e.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.can).toMatchObject({ edit: false, cancel: false });
    for (const m of [a, b]) expect(await notificationsOf(m.user.id, 'event_cancelled')).toHaveLength(1);
    expect((await mailsOnceSent(2)).map((m) => m.to).sort()).toEqual([a.user.email, b.user.email].sort());
    expect(ctx.mailer.sent[0].subject).toBe('Event cancelled: Cancelled Gala');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, e.id), eq(auditLog.action, 'event.cancel')));
    expect(audit.after).toEqual({ status: 'cancelled' });
    const [fact] = await eventsOf('event.cancelled', e.id);
    expect([fact.actorId, fact.data]).toEqual([admin.user.id, { eventId: e.id, status: 'cancelled', registeredCount: 1, waitlistCount: 1 }]);
    expect(expectError(await admin.api.post(`/api/events/${e.id}/cancel`), 409, 'conflict').message).toBe(M.alreadyCancelled);
    expectError(await admin.api.patch(`/api/events/${e.id}`, { body: { title: 'Back on' } }), 409, 'conflict');
  });
});

describe('attendance', () => {
  it('is marked by an admin once the event has started, for members holding a place, and earns the points once', async () => {
    const e = await event({ inHours: 1, maxAttendees: 1 });
    const [a, b, stranger] = await members(3);
    await register(a, e.id);
    await register(b, e.id);
    const mark = (userIds: string[], attended = true) => admin.api.post(`/api/events/${e.id}/attendance`, { body: { userIds, attended } });
    expect(expectError(await mark([a.user.id]), 409, 'conflict').message).toBe(M.attendanceTooEarly);
    ctx.clock.advance(2 * HOUR);
    for (const who of [b, stranger]) {
      const err = expectError(await mark([who.user.id]), 400, 'validation_failed');
      expect(err.issues).toEqual([{ path: 'userIds', message: 'Only members registered for this event can be marked as attended.' }]);
    }
    const before = (await reloadUser(ctx.db, a.user.id)).totalPoints;
    const res = await mark([a.user.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().attendees.find((x: { userId: string }) => x.userId === a.user.id).attended).toBe(true);
    await mark([a.user.id]);
    expect((await reloadUser(ctx.db, a.user.id)).totalPoints).toBe(before + POINT_RULES.event_attended.points);
    await mark([a.user.id], false);
    expect((await reloadUser(ctx.db, a.user.id)).totalPoints).toBe(before);
    const txs = await ctx.db
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, a.user.id), eq(pointTransactions.referenceId, e.id)));
    expect(txs.map((t) => [t.activityType, t.points]).sort()).toEqual([
      ['event_attended', POINT_RULES.event_attended.points],
      ['event_attended_reversed', -POINT_RULES.event_attended.points],
    ]);
    // marked again after the correction: earned again, once
    expect((await mark([a.user.id])).statusCode).toBe(200);
    expect((await mark([a.user.id])).statusCode).toBe(200);
    expect((await reloadUser(ctx.db, a.user.id)).totalPoints).toBe(before + POINT_RULES.event_attended.points);
    expectError(await partner.api.post(`/api/events/${e.id}/attendance`, { body: { userIds: [a.user.id] } }), 403, 'forbidden');
    // a fact for each change of the record (marking again what is already marked changes nothing)
    const marked = (await eventsOf('event.attendance_marked', e.id)).map((f) => [f.actorId, f.data]);
    expect(marked).toHaveLength(3);
    for (const attended of [true, false]) expect(marked).toContainEqual([admin.user.id, { eventId: e.id, attended, userIds: [a.user.id] }]);
  });
});
