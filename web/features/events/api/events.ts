import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_MESSAGES as M } from '../../../../common/constants/events.ts';
import type {
  CalendarFeed,
  EventAttendanceData,
  EventCreateInput,
  EventDetail,
  EventItem,
  EventPage,
  EventRegistrationResult,
  EventReport,
  MyEventRegistration,
} from '../../../../common/schemas/events.ts';
import type { Page } from '../../../../common/schemas/page.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { invalidateKeys, withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { eventKeys, type EventListQuery } from './keys.ts';
export { eventKeys, type EventListQuery } from './keys.ts';

export const EVENTS_PAGE_SIZE = 12;

/** GET /api/events: one page of upcoming (soonest first) or past (latest first) events. */
export function useEventList(q: EventListQuery, enabled = true) {
  return useQuery({
    queryKey: eventKeys.list(q),
    queryFn: () =>
      api.get<EventPage>(
        withQuery('/api/events', {
          when: q.when,
          category: q.category,
          status: q.status,
          search: q.search,
          page: q.page,
          pageSize: q.pageSize ?? EVENTS_PAGE_SIZE,
          after: q.after,
          before: q.before,
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/events/{id}: one event, with its attendee list when the viewer is an administrator. */
export function useEventDetail(id: string | null) {
  return useQuery({
    queryKey: eventKeys.detail(id ?? ''),
    queryFn: () => api.get<EventDetail>(`/api/events/${encodeURIComponent(id!)}`),
    enabled: !!id,
  });
}

/** GET /api/my-event-registrations: the member's places and waitlist entries for events not yet ended. */
export function useMyUpcomingRegistrations() {
  return useQuery({
    queryKey: eventKeys.mine,
    queryFn: () => api.get<Page<MyEventRegistration>>(withQuery('/api/my-event-registrations', { when: 'upcoming', pageSize: 100 })),
  });
}

/** GET /api/events/{id}/report (administrators): attendance, leads met there and their won value. */
export function useEventReport(id: string | null) {
  return useQuery({
    queryKey: eventKeys.report(id ?? ''),
    queryFn: () => api.get<EventReport>(`/api/events/${encodeURIComponent(id!)}/report`),
    enabled: !!id,
  });
}

/** POST /api/events (administrators). The form shows field errors; the dialog decides what else to say. */
export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCreateInput) => api.post<EventDetail>('/api/events', body),
    onSuccess: (event) => {
      client.setQueryData(eventKeys.detail(event.id), event);
      toast({ variant: 'success', title: 'Event created', description: `${M.created} “${event.title}” is now listed for members.` });
      void changed(client, 'event');
    },
  });
}

/** PATCH /api/events/{id} (administrators): registrants are told when the time or place changes. */
export function useUpdateEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<EventCreateInput>) => api.patch<EventDetail>(`/api/events/${encodeURIComponent(id)}`, body),
    onSuccess: (event) => {
      client.setQueryData(eventKeys.detail(event.id), event);
      toast({ variant: 'success', title: 'Event Updated', description: 'The event has been updated. Registered members have been told of any change of time or place.' });
      // an edit also notifies the administrator when they are registered themselves
      void changed(client, ['event', 'notification']);
    },
  });
}

/** POST /api/events/{id}/cancel (administrators): everyone registered or waiting is told. */
export function useCancelEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<EventDetail>(`/api/events/${encodeURIComponent(id)}/cancel`),
    onSuccess: (event) => {
      client.setQueryData(eventKeys.detail(event.id), event);
      toast({ variant: 'success', title: 'Event Cancelled', description: 'Everyone registered or on the waitlist has been told.' });
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to cancel the event. Please try again.') }),
    onSettled: () => void changed(client, ['event', 'notification']),
  });
}

/** POST /api/events/{id}/attendance (administrators, once the event has started). */
export function useMarkAttendance(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventAttendanceData) => api.post<EventDetail>(`/api/events/${encodeURIComponent(id)}/attendance`, body),
    onSuccess: (event) => client.setQueryData(eventKeys.detail(event.id), event),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to save attendance. Please try again.') }),
    onSettled: () => void invalidateKeys(client, [eventKeys.report(id), eventKeys.all]),
  });
}

/** POST /api/events/{id}/register: a place, or a place on the waitlist when the event is full. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (event: EventItem) => api.post<EventRegistrationResult>(`/api/events/${encodeURIComponent(event.id)}/register`, {}),
    onSuccess: (result) =>
      toast({ variant: 'success', title: result.event.myRegistration?.status === 'waitlisted' ? 'Waitlisted' : 'Registered', description: result.message }),
    onError: (err) => toast({ variant: 'destructive', title: 'Registration Failed', description: errorDetail(err, M.registerFailed) }),
    onSettled: () => void changed(client, 'registration'),
  });
}

/** DELETE /api/events/{id}/unregister: gives up a place (the first on the waitlist takes it) or a waitlist entry. */
export function useUnregister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (event: EventItem) => api.delete<EventRegistrationResult>(`/api/events/${encodeURIComponent(event.id)}/unregister`),
    onSuccess: (result) => toast({ variant: 'success', title: 'Unregistered', description: result.message }),
    onError: (err) => toast({ variant: 'destructive', title: 'Unregistration Failed', description: errorDetail(err, M.unregisterFailed) }),
    onSettled: () => void changed(client, 'registration'),
  });
}

/** GET /api/calendar-feed: the member's secret calendar address (made on first request). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: eventKeys.feed, queryFn: () => api.get<CalendarFeed>('/api/calendar-feed'), enabled, staleTime: Infinity });
}

/** POST /api/calendar-feed/rotate: a new address; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/api/calendar-feed/rotate'),
    onSuccess: (feed) => {
      client.setQueryData(eventKeys.feed, feed);
      toast({ variant: 'success', title: 'New Calendar Address', description: 'The old address no longer works. Subscribe to the new one in your calendar app.' });
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to make a new calendar address. Please try again.') }),
  });
}

/** The address of an event's iCalendar file. */
export const eventIcsUrl = (id: string) => `/api/events/${encodeURIComponent(id)}.ics`;
/** Administrators: the event's registrations as CSV, one line each (GET /api/events/{id}/attendees.csv). */
export const eventAttendeesCsvUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/attendees.csv`;

/** Register and unregister from a card or the details, with the event whose request is running (its button waits). */
export function useRegistrationActions() {
  const reg = useRegister();
  const unreg = useUnregister();
  const busyId = reg.isPending ? (reg.variables?.id ?? null) : unreg.isPending ? (unreg.variables?.id ?? null) : null;
  return { busyId, register: (e: EventItem) => reg.mutate(e), unregister: (e: EventItem) => unreg.mutate(e) };
}
