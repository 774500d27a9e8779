import type { EventCategory, EventWhen } from '../../../../common/constants/events.ts';

/** Query keys: the endpoint path first, so invalidating the path refreshes every page, filter and event under it. */
export const eventKeys = {
  all: ['/api/events'] as const,
  list: (q: EventListQuery) => ['/api/events', 'list', q] as const,
  detail: (id: string) => ['/api/events', 'detail', id] as const,
  report: (id: string) => ['/api/events', 'report', id] as const,
  mine: ['/api/my-event-registrations'] as const,
  feed: ['/api/calendar-feed'] as const,
};

export interface EventListQuery {
  when: EventWhen;
  category: EventCategory | '';
  search: string;
  page: number;
  pageSize?: number;
  /** The cursor of the page, when it was reached from its neighbour. */
  after?: string;
  before?: string;
  status?: 'active';
}
