import { formatEventDate } from '../../../common/rules/events.ts';
import type { NotificationTemplates } from '../notification-types.ts';

/** An event as its notifications name it: its title and its start in its own time zone. */
interface EventFacts {
  eventId: string;
  title: string;
  startDate: Date;
  timezone: string;
}

const whenText = (e: EventFacts) => `${formatEventDate(e.startDate, e.timezone)} (${e.timezone})`;
const eventUrl = (e: EventFacts) => `/events?event=${e.eventId}`;

/** What this feature tells members, one template per notification kind it sends. */
export const eventsNotifications = {
  /** To a member on the waitlist: a place came free and is now theirs. */
  event_promoted: (e: EventFacts) => ({
    title: `You have a place: ${e.title}`.slice(0, 200),
    message: `A place came free and it is yours: ${e.title}, ${whenText(e)}.`.slice(0, 300),
    actionUrl: eventUrl(e),
    priority: 'high' as const,
  }),

  /** To everyone registered or waiting: the event will not take place. */
  event_cancelled: (e: EventFacts) => ({
    title: `Event cancelled: ${e.title}`.slice(0, 200),
    message: `"${e.title}" on ${whenText(e)} has been cancelled.`.slice(0, 300),
    actionUrl: eventUrl(e),
    priority: 'high' as const,
  }),

  /**
   * To everyone registered or waiting: the time or place changed. The joining link goes only to those holding a
   * place; the waitlist learns that there is one.
   */
  event_updated: (e: EventFacts & { location: string | null; meetingLink: string | null; holdsPlace: boolean }) => {
    const link = e.meetingLink && (e.holdsPlace ? e.meetingLink : 'online (the joining link is shown once you hold a place)');
    const where = [e.location, link].filter(Boolean).join(' · ') || 'to be announced';
    return {
      title: `Event updated: ${e.title}`.slice(0, 200),
      message: `Now ${whenText(e)}, ${where}.`.slice(0, 300),
      actionUrl: eventUrl(e),
    };
  },
} satisfies NotificationTemplates;
