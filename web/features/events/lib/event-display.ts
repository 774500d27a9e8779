import { EVENT_DEFAULTS, EVENT_TYPE_LABELS, type EventCategory } from '../../../../common/constants/events.ts';
import { formatEventDate } from '../../../../common/rules/events.ts';
import type { EventItem } from '../../../../common/schemas/events.ts';
import { formatGBP } from '../../../lib/format.ts';

/**
 * Category badge colours: networking blue, training green, conference purple, workshop orange, social pink. The
 * one place the screens use raw palette colours, each pair chosen for AA contrast on its tint.
 */
export const CATEGORY_BADGE: Record<EventCategory, string> = {
  networking: 'border-blue-200 bg-blue-50 text-blue-800',
  training: 'border-green-200 bg-green-50 text-green-800',
  conference: 'border-purple-200 bg-purple-50 text-purple-800',
  workshop: 'border-orange-200 bg-orange-50 text-orange-800',
  social: 'border-pink-200 bg-pink-50 text-pink-800',
};

/** The fee in pounds with pence ("£25.00"), or Free. */
export const feeText = (fee: string | null) => (fee === null || Number(fee) === 0 ? 'Free' : formatGBP(fee, 2));

export const typeText = (e: Pick<EventItem, 'type'>) => EVENT_TYPE_LABELS[e.type];

/** When an event starts, in its own time zone, naming the zone when it is not the product's own (Europe/London). */
export function startText(e: Pick<EventItem, 'startDate' | 'timezone'>): string {
  const text = formatEventDate(e.startDate, e.timezone);
  return e.timezone === EVENT_DEFAULTS.timezone ? text : `${text} (${e.timezone.replace(/_/g, ' ')})`;
}

/** Places taken, against the capacity when there is one: "12 / 40 registered" or "12 registered". */
export const placesText = (e: Pick<EventItem, 'registrationsCount' | 'maxAttendees'>) =>
  e.maxAttendees === null ? `${e.registrationsCount} registered` : `${e.registrationsCount} / ${e.maxAttendees} registered`;

export const isFull = (e: Pick<EventItem, 'registrationsCount' | 'maxAttendees'>) => e.maxAttendees !== null && e.registrationsCount >= e.maxAttendees;

export type RegistrationAction = { kind: 'register' | 'waitlist' | 'unregister'; label: string } | { kind: 'closed'; label: string };

/**
 * The one registration button a card or the details show: Register (Join Waitlist when full), Unregister while the
 * member holds a place or a waitlist entry and the event has not started, else why registration is not possible.
 */
export function registrationAction(e: EventItem, now = Date.now()): RegistrationAction {
  if (e.can.unregister) return { kind: 'unregister', label: e.myRegistration?.status === 'waitlisted' ? 'Leave Waitlist' : 'Unregister' };
  if (e.can.register) return isFull(e) ? { kind: 'waitlist', label: 'Join Waitlist' } : { kind: 'register', label: 'Register' };
  if (e.status === 'cancelled') return { kind: 'closed', label: 'Cancelled' };
  if (new Date(e.endDate).getTime() <= now) return { kind: 'closed', label: 'Event ended' };
  if (new Date(e.startDate).getTime() <= now) return { kind: 'closed', label: 'In progress' };
  return { kind: 'closed', label: 'Registration closed' };
}
