/**
 * Date and time rules of events. An event happens at instants (stored in UTC) and is shown in its own IANA time
 * zone; the Create Event form gives wall-clock times in that zone, which become instants here.
 */

const zoneCheck = new Map<string, boolean>();

/** Whether a name is an IANA time zone this runtime knows ("Europe/London", "UTC"); offsets such as "+01:00" are not names. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return false;
  let ok = zoneCheck.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    zoneCheck.set(name, ok);
  }
  return ok;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallClockIn(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClockIn(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * The instant a wall-clock time ("2026-12-01T18:30") names in a time zone. A time the clocks skip (spring forward)
 * moves on by the gap; a time they pass twice (autumn) is the first of the two. Null when the text is no such time.
 */
export function zonedToInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute, second = '0'] = m.slice(1);
  const asUtc = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== +month - 1 || check.getUTCDate() !== +day || +hour > 23 || +minute > 59 || +second > 59) return null;
  // the offset an hour either side decides which of the two readings (before or after a change) applies
  const before = offsetAt(new Date(asUtc - 3_600_000 * 3), timeZone);
  const after = offsetAt(new Date(asUtc + 3_600_000 * 3), timeZone);
  const early = asUtc - before;
  const late = asUtc - after;
  if (offsetAt(new Date(early), timeZone) === before) return new Date(early);
  if (offsetAt(new Date(late), timeZone) === after) return new Date(late);
  // in the gap the clocks skip: read with the offset before the change, which lands the same distance past it
  return new Date(early);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** An event time as the events screens show it, 'MMM dd, yyyy at HH:mm' in the given zone: "Dec 01, 2026 at 18:30". */
export function formatEventDate(instant: Date | string, timeZone: string): string {
  const w = wallClockIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return `${MONTHS[w.month - 1]} ${two(w.day)}, ${w.year} at ${two(w.hour)}:${two(w.minute)}`;
}

/** An instant as the wall-clock text a datetime-local field shows in a time zone ('YYYY-MM-DDTHH:mm'), the reverse of zonedToInstant. */
export function instantToZonedText(instant: Date | string, timeZone: string): string {
  const w = wallClockIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** What a LinkedIn share of an event says: its promotion text, or its title when it has none. */
export function linkedinShareText(event: { title: string; linkedinPromotionText?: string | null }): string {
  return event.linkedinPromotionText?.trim() || event.title;
}

/** The LinkedIn share address for an event page: the page's address and the share text. */
export function linkedinShareUrl(pageUrl: string, event: { title: string; linkedinPromotionText?: string | null }): string {
  const q = new URLSearchParams({ mini: 'true', url: pageUrl, title: event.title, summary: linkedinShareText(event) });
  return `https://www.linkedin.com/shareArticle?${q.toString()}`;
}

export interface EventDates {
  startDate: Date;
  endDate: Date;
  registrationDeadline?: Date | null;
}

/** The date rules of an event, each with the field it belongs to: the end after the start, the deadline before the start. */
export function eventDateProblems(d: EventDates): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (d.endDate.getTime() <= d.startDate.getTime()) out.push({ path: 'endDate', message: 'End date must be after the start date' });
  if (d.registrationDeadline && d.registrationDeadline.getTime() > d.startDate.getTime()) {
    out.push({ path: 'registrationDeadline', message: 'Registration deadline must be before the start date' });
  }
  return out;
}

export const EVENT_RULE_MESSAGES = {
  startInPast: 'Start date must be in the future',
  locationRequired: 'Location is required for an in-person or hybrid event',
} as const;

/** A new start must lie ahead: an event is created, or moved, only to a time still to come. */
export function eventStartProblem(startDate: Date, now: Date): { path: string; message: string } | null {
  return startDate.getTime() <= now.getTime() ? { path: 'startDate', message: EVENT_RULE_MESSAGES.startInPast } : null;
}

/** Members need to know where to go: an in-person or hybrid event has a location (a webinar needs none). */
export function eventLocationProblem(type: string, location: string | null | undefined): { path: string; message: string } | null {
  return type !== 'webinar' && !location?.trim() ? { path: 'location', message: EVENT_RULE_MESSAGES.locationRequired } : null;
}
