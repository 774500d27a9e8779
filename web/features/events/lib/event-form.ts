import { EVENT_DEFAULTS } from '../../../../common/constants/events.ts';
import { instantToZonedText, isTimeZone } from '../../../../common/rules/events.ts';
import { resolveEventDates, type EventCreateData, type EventCreateInput, type EventDetail } from '../../../../common/schemas/events.ts';

/** The time zones the Create Event form offers, Europe/London first; an event saved in another keeps its own in the list. */
export const EVENT_TIME_ZONES = [
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Amsterdam',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Europe/Athens',
  'Europe/Istanbul',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Africa/Nairobi',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Perth',
  'Australia/Sydney',
  'Pacific/Auckland',
  'America/New_York',
  'America/Toronto',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'UTC',
] as const;

/** The zones to list for an event: the usual ones, with the event's own added when it is not among them. */
export const timeZoneOptions = (current: string): string[] =>
  (EVENT_TIME_ZONES as readonly string[]).includes(current) ? [...EVENT_TIME_ZONES] : [current, ...EVENT_TIME_ZONES];

/** The form's values: texts as typed (dates as wall-clock 'YYYY-MM-DDTHH:mm' in the chosen zone), capacity a number or null. */
export type EventFormValues = Required<Omit<EventCreateInput, 'currency'>> & { currency: 'GBP' };

/** An empty Create Event form. */
export const EMPTY_EVENT_FORM: EventFormValues = {
  title: '',
  description: '',
  type: EVENT_DEFAULTS.type,
  category: EVENT_DEFAULTS.category,
  startDate: '',
  endDate: '',
  timezone: EVENT_DEFAULTS.timezone,
  location: '',
  meetingLink: '',
  maxAttendees: null,
  registrationRequired: EVENT_DEFAULTS.registrationRequired,
  registrationDeadline: '',
  fee: '',
  currency: EVENT_DEFAULTS.currency,
  tags: [],
  linkedinPromotionText: '',
};

/** The Edit Event form for a saved event: its instants shown as wall-clock times in its own zone. */
export function eventFormValues(e: EventDetail): EventFormValues {
  return {
    title: e.title,
    description: e.description,
    type: e.type,
    category: e.category,
    startDate: instantToZonedText(e.startDate, e.timezone),
    endDate: instantToZonedText(e.endDate, e.timezone),
    timezone: e.timezone,
    location: e.location ?? '',
    meetingLink: e.meetingLink ?? '',
    maxAttendees: e.maxAttendees,
    registrationRequired: e.registrationRequired,
    registrationDeadline: e.registrationDeadline ? instantToZonedText(e.registrationDeadline, e.timezone) : '',
    fee: e.fee ?? '',
    currency: 'GBP',
    tags: e.tags,
    linkedinPromotionText: e.linkedinPromotionText ?? '',
  };
}

const DATE_FIELDS = ['startDate', 'endDate', 'registrationDeadline'] as const;

/**
 * What an edit sends to PATCH: the fields whose typed value differs from what the form opened with, as the schema
 * read them. A new time zone changes what the wall-clock times mean, so the dates go with it.
 */
export function changedEventFields(initial: EventFormValues, typed: EventCreateInput, parsed: EventCreateData): Partial<EventCreateData> {
  const out: Record<string, unknown> = {};
  const zoneChanged = initial.timezone !== typed.timezone;
  for (const key of Object.keys(initial) as (keyof EventFormValues)[]) {
    const differs = JSON.stringify(initial[key] ?? null) !== JSON.stringify(typed[key] ?? null);
    if (differs || (zoneChanged && (DATE_FIELDS as readonly string[]).includes(key))) out[key] = parsed[key];
  }
  return out as Partial<EventCreateData>;
}

/** A capacity field's text as the schema wants it: empty is no limit, anything else a number (a bad one fails the schema's check). */
export const capacityValue = (v: unknown): number | null => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * The date rules (end after start, deadline before start) for dates that are filled in. The schema checks them only
 * once every field is valid; the form asks here too, so one submit shows every message at once.
 */
export function dateIssuesOf(v: Partial<EventCreateInput>): { path: 'startDate' | 'endDate' | 'registrationDeadline'; message: string }[] {
  const startDate = v.startDate?.trim();
  const endDate = v.endDate?.trim();
  const timezone = v.timezone ?? EVENT_DEFAULTS.timezone;
  if (!startDate || !endDate || !isTimeZone(timezone)) return [];
  const { issues } = resolveEventDates({ startDate, endDate, registrationDeadline: v.registrationDeadline?.trim() || null, timezone });
  return issues as ReturnType<typeof dateIssuesOf>;
}
