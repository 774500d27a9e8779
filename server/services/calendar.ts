import { createHmac } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import { AppError } from '../../common/errors.ts';
import type { Db } from '../db/client.ts';
import { calendarFeedTokens, eventRegistrations, events, users } from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { eventScope, seesMeetingLink } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';

export interface CalendarDeps {
  db: Db;
  brandName: string;
  supportEmail: string;
  /** Signs the feed addresses: a stored nonce alone does not open a feed. */
  secret: string;
}

/** How far back the personal feed keeps events a member was registered for. */
const FEED_HISTORY_DAYS = 90;

type EventRow = typeof events.$inferSelect;

/** One event as a calendar entry: its times in its own IANA zone (TZID), the organiser, and its page in the app. */
function addEvent(cal: ICalCalendar, deps: CalendarDeps, origin: string, e: EventRow, organizerName: string | null, place: { waitlisted: boolean; showLink: boolean }) {
  const host = new URL(origin).host;
  const link = place.showLink ? e.meetingLink : null;
  cal.createEvent({
    id: `${e.id}@${host}`,
    start: DateTime.fromJSDate(e.startDate),
    end: DateTime.fromJSDate(e.endDate),
    timezone: e.timezone,
    stamp: DateTime.fromJSDate(e.updatedAt),
    lastModified: DateTime.fromJSDate(e.updatedAt),
    created: DateTime.fromJSDate(e.createdAt),
    summary: place.waitlisted ? `${e.title} (waitlist)` : e.title,
    description: [e.description, link ? `Join: ${link}` : null].filter(Boolean).join('\n\n'),
    location: e.location ?? link ?? undefined,
    url: `${origin}/events?event=${e.id}`,
    organizer: { name: organizerName ?? deps.brandName, email: deps.supportEmail },
    status: e.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

const organizerName = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${events.organizerId})`;

/** GET /api/events/{id}.ics: one event the viewer can see, as an iCalendar file. */
export async function eventCalendar(deps: CalendarDeps, viewer: Actor, id: string, origin: string): Promise<{ ics: string; filename: string }> {
  const [row] = await deps.db
    .select({ e: events, organizerName, status: eventRegistrations.status })
    .from(events)
    .leftJoin(eventRegistrations, and(eq(eventRegistrations.eventId, events.id), eq(eventRegistrations.userId, viewer.id)))
    .where(and(eq(events.id, id), eventScope(viewer)));
  if (!row) throw new AppError('not_found', M.notFound);
  const cal = ical({ prodId: { company: deps.brandName, product: 'Events', language: 'EN' }, name: row.e.title });
  addEvent(cal, deps, origin, row.e, row.organizerName, { waitlisted: row.status === 'waitlisted', showLink: seesMeetingLink(viewer, row.status) });
  const slug =
    row.e.title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event';
  return { ics: cal.toString(), filename: `${slug}.ics` };
}

/** The secret of a member's feed address, derived from the server's secret and the row's nonce. */
const feedToken = (deps: CalendarDeps, userId: string, nonce: string) => createHmac('sha256', deps.secret).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');

const feedUrl = (origin: string, token: string) => `${origin}/api/calendar/${token}.ics`;

/**
 * The member's personal feed address, made on first request. Only its hash is stored; should the server's secret
 * change, the stored hash follows the address shown, so the address in use is always the one that works.
 */
export async function calendarFeedUrl(deps: CalendarDeps, viewer: Actor, origin: string, now: Date): Promise<string> {
  const nonce = newToken(16);
  const [row] = await deps.db
    .insert(calendarFeedTokens)
    .values({ userId: viewer.id, nonce, tokenHash: hashToken(feedToken(deps, viewer.id, nonce)), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { userId: sql`excluded.user_id` } })
    .returning();
  const token = feedToken(deps, viewer.id, row.nonce);
  if (hashToken(token) !== row.tokenHash)
    await deps.db
      .update(calendarFeedTokens)
      .set({ tokenHash: hashToken(token) })
      .where(eq(calendarFeedTokens.userId, viewer.id));
  return feedUrl(origin, token);
}

/** A new feed address for the member; the old one answers 404 from now on. */
export async function rotateCalendarFeed(deps: CalendarDeps, viewer: Actor, origin: string, now: Date): Promise<string> {
  const nonce = newToken(16);
  const token = feedToken(deps, viewer.id, nonce);
  await deps.db
    .insert(calendarFeedTokens)
    .values({ userId: viewer.id, nonce, tokenHash: hashToken(token), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { nonce, tokenHash: hashToken(token), createdAt: now } });
  return feedUrl(origin, token);
}

/**
 * GET /api/calendar/{token}.ics, opened by calendar apps without a session: the events the member holds a place or
 * waits for, from the last 90 days on. An unknown or rotated token, or a member who may no longer use the platform,
 * answers 404 (never saying which).
 */
export async function personalFeed(deps: CalendarDeps, token: string, origin: string, now: Date): Promise<string> {
  const [owner] = await deps.db
    .select({ id: users.id, role: users.role, accountStatus: users.accountStatus, isActive: users.isActive, firstName: users.firstName })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(and(eq(calendarFeedTokens.tokenHash, hashToken(token)), eq(users.accountStatus, 'approved'), eq(users.isActive, true), isNull(users.removedAt)));
  if (!owner) throw new AppError('not_found', 'Calendar feed not found.');
  const rows = await deps.db
    .select({ e: events, organizerName, status: eventRegistrations.status })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, owner.id), eventScope(owner), gt(events.endDate, new Date(now.getTime() - FEED_HISTORY_DAYS * 86_400_000))))
    .orderBy(asc(events.startDate), asc(events.id));
  const cal = ical({
    prodId: { company: deps.brandName, product: 'Events', language: 'EN' },
    name: `${deps.brandName} events`,
    description: `The events ${owner.firstName} registered for on ${deps.brandName}`,
    ttl: 3600,
  });
  for (const r of rows) addEvent(cal, deps, origin, r.e, r.organizerName, { waitlisted: r.status === 'waitlisted', showLink: seesMeetingLink(owner, r.status) });
  return cal.toString();
}
