import { z } from 'zod';
import {
  EVENT_CATEGORIES,
  EVENT_CURRENCIES,
  EVENT_DEFAULTS,
  EVENT_LIMITS as L,
  EVENT_STATUSES,
  EVENT_TYPES,
  EVENT_WHEN,
  REGISTRATION_STATUSES,
} from '../constants/events.ts';
import { eventDateProblems, eventLocationProblem, isTimeZone, zonedToInstant } from '../rules/events.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/* ---------- input: the Create Event form and POST/PATCH /api/events ---------- */

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date and time as the form or a caller sends it: an instant with its offset ("2026-12-01T18:30:00Z"), or a
 * wall-clock time ("2026-12-01T18:30") read in the event's time zone.
 */
export function readEventTime(text: string, timeZone: string): Date | null {
  if (INSTANT.test(text)) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return zonedToInstant(text, timeZone);
}

const dateText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40, 'Please enter a valid date and time')
    .refine((v) => readEventTime(v, 'UTC') !== null, 'Please enter a valid date and time');
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => v || null)
    .nullish();
const FEE = /^\d{1,8}(\.\d{1,2})?$/;

/** The fee in pounds, typed in the form (step 0.01) or sent as a number or decimal string; the output is exact numeric text. */
export const feeField = z.union([z.number(), z.string()], { error: 'Please enter the fee in pounds' }).transform((v, ctx) => {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v.trim();
  if (text === '') return null;
  const problem = text.startsWith('-')
    ? 'Fee must be 0 or more'
    : !/^\d+(\.\d+)?$/.test(text)
      ? 'Please enter the fee in pounds'
      : /\.\d{3,}$/.test(text)
        ? 'Fee can have at most 2 decimal places'
        : !FEE.test(text)
          ? 'Fee must be less than £100,000,000'
          : null;
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  const [whole, frac = ''] = text.split('.');
  return `${Number(whole)}.${frac.padEnd(2, '0')}`;
});

const tagList = z
  .array(z.string().trim().min(1, 'Tags cannot be empty').max(L.tags.each, `Each tag must be at most ${L.tags.each} characters`), { error: 'Tags must be a list' })
  .max(L.tags.max, `At most ${L.tags.max} tags`)
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, 'Each tag can be added once');

/** Every event field, with no defaults: the create schema adds them, the update schema takes any subset. */
const eventFields = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(L.title.max, 'Title must be less than 100 characters'),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(L.description.min, 'Description must be at least 10 characters')
    .max(L.description.max, `Description must be at most ${L.description.max} characters`),
  type: z.enum(EVENT_TYPES, { error: 'Please choose a type' }),
  category: z.enum(EVENT_CATEGORIES, { error: 'Please choose a category' }),
  startDate: dateText('Start date is required'),
  endDate: dateText('End date is required'),
  timezone: z.string({ error: 'Please choose a time zone' }).trim().refine(isTimeZone, 'Please choose a time zone such as Europe/London'),
  location: optionalText(L.location.max, 'Location'),
  meetingLink: z
    .string()
    .trim()
    .max(L.meetingLink.max, `Meeting link must be at most ${L.meetingLink.max} characters`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Meeting link must be a valid URL')
    .refine((v) => v === '' || URL.canParse(v), 'Meeting link must be a valid URL')
    .transform((v) => v || null)
    .nullish(),
  maxAttendees: z
    .number({ error: 'Maximum attendees must be a whole number' })
    .int('Maximum attendees must be a whole number')
    .min(1, 'Maximum attendees must be at least 1')
    .max(L.maxAttendees, `Maximum attendees must be at most ${L.maxAttendees}`)
    .nullish(),
  registrationRequired: z.boolean({ error: 'Registration required must be true or false' }),
  registrationDeadline: z
    .string()
    .trim()
    .max(40, 'Please enter a valid date and time')
    .refine((v) => v === '' || readEventTime(v, 'UTC') !== null, 'Please enter a valid date and time')
    .transform((v) => v || null)
    .nullish(),
  fee: feeField.nullish(),
  currency: z.enum(EVENT_CURRENCIES, { error: 'Events are priced in GBP' }),
  tags: tagList,
  linkedinPromotionText: optionalText(L.linkedinPromotionText.max, 'LinkedIn promotion text'),
};

/** The instants of an event from the texts sent, read in its time zone, with the date rules' messages. */
export function resolveEventDates(v: { startDate: string; endDate: string; registrationDeadline?: string | null; timezone: string }) {
  const startDate = readEventTime(v.startDate, v.timezone);
  const endDate = readEventTime(v.endDate, v.timezone);
  const registrationDeadline = v.registrationDeadline ? readEventTime(v.registrationDeadline, v.timezone) : null;
  const issues: { path: string; message: string }[] = [];
  if (!startDate) issues.push({ path: 'startDate', message: 'Please enter a valid date and time' });
  if (!endDate) issues.push({ path: 'endDate', message: 'Please enter a valid date and time' });
  if (v.registrationDeadline && !registrationDeadline) issues.push({ path: 'registrationDeadline', message: 'Please enter a valid date and time' });
  if (startDate && endDate) issues.push(...eventDateProblems({ startDate, endDate, registrationDeadline }));
  return { startDate, endDate, registrationDeadline, issues };
}

/**
 * POST /api/events and the Create Event form: one schema, one set of messages. Dates come out as instants (ISO,
 * UTC); wall-clock times are read in the event's time zone (Europe/London unless another is chosen).
 */
export const eventCreateSchema = z
  .object({
    ...eventFields,
    type: eventFields.type.default(EVENT_DEFAULTS.type),
    category: eventFields.category.default(EVENT_DEFAULTS.category),
    timezone: eventFields.timezone.default(EVENT_DEFAULTS.timezone),
    registrationRequired: eventFields.registrationRequired.default(EVENT_DEFAULTS.registrationRequired),
    currency: eventFields.currency.default(EVENT_DEFAULTS.currency),
    tags: tagList.default([]),
  })
  .strict()
  .transform((v, ctx) => {
    const dates = resolveEventDates(v);
    const place = eventLocationProblem(v.type, v.location);
    for (const issue of place ? [...dates.issues, place] : dates.issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    if (dates.issues.length || place) return z.NEVER;
    return {
      ...v,
      location: v.location ?? null,
      meetingLink: v.meetingLink ?? null,
      maxAttendees: v.maxAttendees ?? null,
      fee: v.fee ?? null,
      linkedinPromotionText: v.linkedinPromotionText ?? null,
      startDate: dates.startDate!.toISOString(),
      endDate: dates.endDate!.toISOString(),
      registrationDeadline: dates.registrationDeadline?.toISOString() ?? null,
    };
  });
export type EventCreateInput = z.input<typeof eventCreateSchema>;
export type EventCreateData = z.output<typeof eventCreateSchema>;

/**
 * PATCH /api/events/{id} (admin): any of the fields. Dates are read in the time zone sent, else the event's own,
 * and the date rules are checked against the stored values by the server.
 */
export const eventUpdateSchema = z
  .object(eventFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type EventUpdateData = z.output<typeof eventUpdateSchema>;

/** GET /api/events: upcoming (not yet ended, soonest first) or past (latest first), by category, searched by title, description or location. */
export const eventQuerySchema = pageQuery(24, 100).extend({
  when: z.enum(EVENT_WHEN, { error: 'Choose upcoming or past' }).default('upcoming'),
  category: z.enum(EVENT_CATEGORIES, { error: 'Please choose a category' }).optional(),
  /** Only active (not cancelled) events, or only cancelled ones; both when absent. */
  status: z.enum(EVENT_STATUSES, { error: 'Choose active or cancelled' }).optional(),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});
export type EventQuery = z.output<typeof eventQuerySchema>;

/** POST /api/events/{id}/register: an empty object (the member registers themselves). */
export const eventRegisterSchema = z.object({}).strict();

/** POST /api/events/{id}/attendance (admin, once the event has started): who attended, or did not after all. */
export const eventAttendanceSchema = z
  .object({
    userIds: z
      .array(z.uuid('Member not found.'), { error: 'Choose the members who attended' })
      .min(1, 'Choose the members who attended')
      .max(L.attendanceBatch, `At most ${L.attendanceBatch} members at a time`),
    attended: z.boolean().default(true),
  })
  .strict();
export type EventAttendanceData = z.output<typeof eventAttendanceSchema>;

/* ---------- output ---------- */

/** What the viewer may do with one event. */
export const eventAbilitiesSchema = z.object({
  register: z.boolean(),
  unregister: z.boolean(),
  edit: z.boolean(),
  cancel: z.boolean(),
  markAttendance: z.boolean(),
  seeAttendees: z.boolean(),
  viewReport: z.boolean(),
});
export type EventAbilities = z.infer<typeof eventAbilitiesSchema>;

/** The viewer's own registration: a place, or a place in the waitlist (1 = next to be offered a place). */
export const myRegistrationSchema = z.object({
  id: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  waitlistPosition: z.number().int().min(1).nullable(),
  attended: z.boolean(),
  registrationDate: instantSchema,
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;

export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(EVENT_TYPES),
  category: z.enum(EVENT_CATEGORIES),
  startDate: instantSchema,
  endDate: instantSchema,
  timezone: z.string(),
  location: z.string().nullable(),
  /** Only for administrators and members holding a place; `hasMeetingLink` tells everyone else that one exists. */
  meetingLink: z.string().nullable(),
  hasMeetingLink: z.boolean(),
  maxAttendees: z.number().int().nullable(),
  registrationRequired: z.boolean(),
  registrationDeadline: instantSchema.nullable(),
  /** Pounds, two places; null when free. */
  fee: moneySchema.nullable(),
  currency: z.string(),
  tags: z.array(z.string()),
  linkedinPromotionText: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  organizerId: z.string().nullable(),
  organizerName: z.string().nullable(),
  /** Places taken (registered members); the waitlist is counted apart. */
  registrationsCount: z.number().int().min(0),
  waitlistCount: z.number().int().min(0),
  myRegistration: myRegistrationSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  can: eventAbilitiesSchema,
});
export type EventItem = z.infer<typeof eventSchema>;
export const eventPageSchema = pageOf(eventSchema);
export type EventPage = z.infer<typeof eventPageSchema>;

/** One registrant as admins see them: a place or the waitlist (in arrival order), and attendance. */
export const eventAttendeeSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  waitlistPosition: z.number().int().min(1).nullable(),
  attended: z.boolean(),
  registrationDate: instantSchema,
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

/** GET /api/events/{id}: the event; the attendee list only when the viewer may see it (admins). */
export const eventDetailSchema = eventSchema.extend({ attendees: z.array(eventAttendeeSchema).optional() });
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** GET /api/my-event-registrations: the member's registrations, soonest event first; each carries its eventId. */
export const myEventRegistrationSchema = myRegistrationSchema.extend({ eventId: z.string(), event: eventSchema });
export type MyEventRegistration = z.infer<typeof myEventRegistrationSchema>;
export const myEventRegistrationQuerySchema = pageQuery(50, 100).extend({ when: z.enum([...EVENT_WHEN, 'all']).default('all') });
export const myEventRegistrationPageSchema = pageOf(myEventRegistrationSchema);

/** POST register / DELETE unregister: the event as it now stands for the member, and the notice to show. */
export const eventRegistrationResultSchema = z.object({ message: z.string(), event: eventSchema });
export type EventRegistrationResult = z.infer<typeof eventRegistrationResultSchema>;

/** GET /api/events/{id}/report (admin): who came, the leads met there and what they won (closed-won value in pounds). */
export const eventReportSchema = z.object({
  eventId: z.string(),
  title: z.string(),
  registeredCount: z.number().int().min(0),
  waitlistCount: z.number().int().min(0),
  attendedCount: z.number().int().min(0),
  attendees: z.array(eventAttendeeSchema),
  leads: z.object({
    count: z.number().int().min(0),
    closedWonCount: z.number().int().min(0),
    closedWonValue: moneySchema,
    items: z.array(
      z.object({ id: z.string(), companyName: z.string(), status: z.string(), submitterName: z.string(), estimatedValue: moneySchema, createdAt: instantSchema }),
    ),
  }),
});
export type EventReport = z.infer<typeof eventReportSchema>;

/** GET /api/calendar-feed and POST /api/calendar-feed/rotate: the member's personal calendar address (keep it secret). */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
