/**
 * Factories for events, shared by the API tests and the demo seed. Events, registrations, attendance and
 * cancellations are made through the same services the routes call, at the moments the caller gives, so a past
 * event can be given the registrations it took while it was still ahead.
 */
import { eventCreateSchema, type EventCreateInput, type EventDetail } from '../../../common/schemas/events.ts';
import type { Actor } from '../../policies/roles.ts';
import { markAttendance, registerForEvent } from '../../services/event-registrations.ts';
import { cancelEvent, createEvent } from '../../services/event-changes.ts';
import type { EventDeps } from '../../services/events.ts';
import type { Db } from '../client.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const quietDeps = (db: Db): EventDeps => ({ db });

export interface EventOptions extends Partial<Omit<EventCreateInput, 'startDate' | 'endDate' | 'registrationDeadline'>> {
  /** The administrator who creates it (its organizer). */
  organizer: Actor;
  /** When it starts (default a week after `now`) and how long it lasts in hours (default 2). */
  start?: Date;
  hours?: number;
  registrationDeadline?: Date | null;
  /** When the administrator creates it (default now). */
  now?: Date;
}

/** An event as an administrator creates it, with believable defaults for whatever the fixture leaves out. */
export async function makeEvent(db: Db, o: EventOptions): Promise<EventDetail> {
  const { organizer, start, hours = 2, registrationDeadline, now = new Date(), ...fields } = o;
  const startDate = start ?? new Date(now.getTime() + 7 * DAY);
  const data = eventCreateSchema.parse({
    title: 'Partner Networking Evening',
    description: 'An evening with fellow partners: short talks, then time to meet and compare notes on the pipeline.',
    type: 'in-person',
    category: 'networking',
    location: 'The Ned, 27 Poultry, London',
    ...fields,
    startDate: startDate.toISOString(),
    endDate: new Date(startDate.getTime() + hours * HOUR).toISOString(),
    registrationDeadline: registrationDeadline ? registrationDeadline.toISOString() : null,
  });
  // an event is created before it starts: a fixture's past event was made a month before its start
  const createdAt = startDate.getTime() > now.getTime() ? now : new Date(startDate.getTime() - 30 * DAY);
  return createEvent(db, organizer, data, createdAt);
}

/** Members register one after another (a minute apart from `at`); each takes a place or joins the waitlist. Returns their statuses. */
export async function registerMembers(db: Db, eventId: string, members: Actor[], at: Date): Promise<string[]> {
  const out: string[] = [];
  for (const [i, m] of members.entries()) {
    const { event } = await registerForEvent(db, m, eventId, new Date(at.getTime() + i * 60_000));
    out.push(event.myRegistration!.status);
  }
  return out;
}

/** An administrator records who attended (after the start). */
export function markAttended(db: Db, admin: Actor, eventId: string, members: Actor[], at: Date, attended = true) {
  return markAttendance(
    db,
    admin,
    eventId,
    {
      userIds: members.map((m) => m.id),
      attended,
    },
    at,
  );
}

/** An administrator cancels an event; registrants are notified. */
export function cancelMadeEvent(db: Db, admin: Actor, eventId: string, at: Date) {
  return cancelEvent(quietDeps(db), admin, eventId, at);
}
