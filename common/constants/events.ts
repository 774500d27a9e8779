/** The kinds of event, in the order the Create Event form lists them. */
export const EVENT_TYPES = ['webinar', 'in-person', 'hybrid'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = { webinar: 'Webinar', 'in-person': 'In person', hybrid: 'Hybrid' };

/** Event categories, each with its badge colour: networking blue, training green, conference purple, workshop orange, social pink. */
export const EVENT_CATEGORIES = ['networking', 'training', 'conference', 'workshop', 'social'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  networking: 'Networking',
  training: 'Training',
  conference: 'Conference',
  workshop: 'Workshop',
  social: 'Social',
};
export const EVENT_CATEGORY_COLOURS: Record<EventCategory, 'blue' | 'green' | 'purple' | 'orange' | 'pink'> = {
  networking: 'blue',
  training: 'green',
  conference: 'purple',
  workshop: 'orange',
  social: 'pink',
};

/** An event is active until an admin cancels it; a cancelled event keeps its registrations for the record. */
export const EVENT_STATUSES = ['active', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A member either holds a place or waits for one; unregistering removes the registration. */
export const REGISTRATION_STATUSES = ['registered', 'waitlisted'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The lists the events screen filters by: events not yet ended, or ended. */
export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

/** What a new event starts with. */
export const EVENT_DEFAULTS = { timezone: 'Europe/London', currency: 'GBP', registrationRequired: true, type: 'in-person', category: 'networking' } as const;
export const EVENT_CURRENCIES = ['GBP'] as const;

/** Limits of the Create Event form; the server enforces them and the form shows them. */
export const EVENT_LIMITS = {
  title: { max: 100 },
  description: { min: 10, max: 5000 },
  location: { max: 200 },
  meetingLink: { max: 500 },
  linkedinPromotionText: { max: 1300 },
  tags: { max: 10, each: 40 },
  /** The largest capacity an event may have. */
  maxAttendees: 100_000,
  /** Members whose attendance one request may mark. */
  attendanceBatch: 500,
} as const;

/** How start dates read on the events screens: 'MMM dd, yyyy at HH:mm' (e.g. "Dec 01, 2026 at 18:30"). */
export const EVENT_DATE_FORMAT = 'MMM dd, yyyy at HH:mm';

/** The texts of the events workflows, shared by the API and the screens. */
export const EVENT_MESSAGES = {
  created: 'Event has been created successfully.',
  registered: 'You have been registered for this event.',
  waitlisted: 'The event is full: you have been added to the waitlist.',
  unregistered: 'You have been unregistered from this event.',
  notFound: 'Event not found.',
  alreadyRegistered: 'You are already registered for this event.',
  alreadyWaitlisted: 'You are already on the waitlist for this event.',
  notRegistered: 'You are not registered for this event.',
  cancelled: 'This event has been cancelled.',
  started: 'This event has already started.',
  registrationClosed: 'Registration for this event has closed.',
  alreadyCancelled: 'This event is already cancelled.',
  attendanceTooEarly: 'Attendance can be marked once the event has started.',
  capacityBelowRegistered: (n: number) => `Maximum attendees cannot be lower than the members already registered (${n}).`,
  createFailed: 'Failed to create event',
  registerFailed: 'Failed to register for event',
  unregisterFailed: 'Failed to unregister from event',
  detailFailed: 'Failed to fetch event details',
} as const;
