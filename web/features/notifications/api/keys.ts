import type { NotificationGroup, NotificationKind } from '../../../../common/constants/notifications.ts';

export interface NotificationListQuery {
  unread: boolean;
  /** One of the two lists (updates, achievements), or both. */
  group: NotificationGroup | '';
  type: NotificationKind | '';
  page: number;
  pageSize: number;
  /** The cursor of the page, when it was reached from its neighbour. */
  after?: string;
  before?: string;
}

/**
 * Query keys: the endpoint path first, so invalidating `notificationKeys.all` refreshes the bell, its unread count
 * and every page and filter of the notifications screen. Another feature whose act tells the member something
 * invalidates `notificationKeys.all` (through this feature's index.ts).
 */
export const notificationKeys = {
  all: ['/api/notifications'] as const,
  list: (q: NotificationListQuery) => ['/api/notifications', q] as const,
};
