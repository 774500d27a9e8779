import { and, eq, sql } from 'drizzle-orm';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import { AppError } from '../../common/errors.ts';
import type { Db, Tx } from '../db/client.ts';
import { serialPage } from '../db/serial-page.ts';
import { eventRegistrations, events, users } from '../db/schema/index.ts';
import { csvLine } from '../lib/csv.ts';
import { csvPages, keysetPages, mapPages, primed, STREAM_PAGE_SIZE, streamKey, type StreamOrder, type StreamPage } from '../lib/stream-pages.ts';
import { authorize } from '../policies/authorize.ts';
import { eventPermission, eventScope } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';

/**
 * An event's attendees as CSV (administrators): one line per registration, places first, then the waitlist in
 * arrival order, as the event's attendee list shows them. Read a page at a time by keyset on the registrations'
 * (event, status, registration time, id) index, so an event of any size holds one page in memory and is written
 * while it is read. A waitlisted line carries its place in the queue, counted as the lines pass (the waitlist is
 * read in its own order), so no line asks the database for it.
 */

export const ATTENDEE_CSV_HEADER = ['Name', 'Email', 'Company', 'Status', 'Waitlist position', 'Registered at', 'Attended'];

/** What a registration's status reads as, in the words the attendee list uses. */
const STATUS_WORDS: Record<string, string> = { registered: 'Registered', waitlisted: 'Waitlisted' };

/** 'registered' sorts before 'waitlisted': places first, then the waitlist, each in arrival order. */
const ATTENDEE_EXPORT_ORDER: StreamOrder = {
  parts: [
    { expr: eventRegistrations.status, type: 'text' },
    { expr: eventRegistrations.registrationDate, type: 'timestamptz' },
    { expr: eventRegistrations.id, type: 'uuid' },
  ],
};

function page(db: Db | Tx, eventId: string, p: StreamPage) {
  return db
    .select({
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      company: users.company,
      status: eventRegistrations.status,
      registrationDate: eventRegistrations.registrationDate,
      attended: eventRegistrations.attendanceConfirmed,
      key: streamKey(ATTENDEE_EXPORT_ORDER),
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), p.after))
    .orderBy(...p.orderBy)
    .limit(p.limit);
}
type Row = Awaited<ReturnType<typeof page>>[number];
type Numbered = Row & { position: number | null };

/** One registration as a CSV line; every cell goes through csvField, so a name a spreadsheet would run stays text. */
function line(r: Numbered): string {
  return csvLine([r.name, r.email, r.company ?? '', STATUS_WORDS[r.status] ?? r.status, r.position ?? '', iso(r.registrationDate), r.attended ? 'Yes' : 'No']);
}

/** The download's name: the event's title as a file name, `attendees-summer-networking.csv`. */
export function attendeeCsvFilename(title: string): string {
  const slug =
    title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'event';
  return `attendees-${slug}.csv`;
}

/**
 * The attendees CSV of an event the actor can see (404 otherwise), for those who may see its attendees (403
 * otherwise), header first, a page of lines at a time. The event is checked and the first page read before this
 * answers, so a refusal or a failing database is still an error answer, not a cut-off file.
 */
export async function attendeeCsv(
  db: Db,
  actor: Actor,
  eventId: string,
  now: Date,
  pageSize = STREAM_PAGE_SIZE,
): Promise<{ filename: string; lines: AsyncGenerator<string, void, undefined> }> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eventScope(actor)));
  if (!event) throw new AppError('not_found', M.notFound);
  authorize(eventPermission(actor, 'seeAttendees', event, now));
  let waitlisted = 0;
  const pages = mapPages(
    keysetPages(
      ATTENDEE_EXPORT_ORDER,
      serialPage(db, (tx: Tx, p: StreamPage) => page(tx, eventId, p)),
      pageSize,
    ),
    (rows): Numbered[] => rows.map((r) => ({ ...r, position: r.status === 'waitlisted' ? ++waitlisted : null })),
  );
  return { filename: attendeeCsvFilename(event.title), lines: await primed(csvPages(csvLine(ATTENDEE_CSV_HEADER), pages, line)) };
}
