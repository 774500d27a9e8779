import { hashKey, keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveServerEvent } from '../../../../common/schemas/live.ts';
import { topicOfEntity } from '../../../../common/constants/changes.ts';
import type { Notification, NotificationPage, NotificationReadAll } from '../../../../common/schemas/notifications.ts';
export { NOTIFICATIONS_PAGE_SIZE } from '../../../../common/schemas/notifications.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { liveStatus } from '../../../lib/live-socket.ts';
import { changed } from '../../../lib/changes.ts';
import { invalidateKeys, withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { notificationKeys, type NotificationListQuery } from './keys.ts';
export { notificationKeys, type NotificationListQuery } from './keys.ts';

/** How many the header's bell lists. */
export const BELL_SIZE = 10;
/** How often the bell asks for the unread count while the live connection is down (while it is up, nothing polls). */
export const UNREAD_REFRESH_MS = 60_000;

const listUrl = (q: NotificationListQuery) =>
  withQuery('/api/notifications', {
    unread: q.unread ? 'true' : undefined,
    type: q.type || undefined,
    page: q.page,
    pageSize: q.pageSize,
    after: q.after,
    before: q.before,
  });

/** A page of the member's notifications under the screen's filters, keeping the last page on screen while the next loads. */
export function useNotifications(q: NotificationListQuery) {
  return useQuery({ queryKey: notificationKeys.list(q), queryFn: () => api.get<NotificationPage>(listUrl(q)), placeholderData: keepPreviousData });
}

const BELL_QUERY: NotificationListQuery = { unread: false, type: '', page: 1, pageSize: BELL_SIZE };

/**
 * The bell: the latest ten and the unread count. While the live connection is up, its events update this cache
 * (`applyNotificationLiveEvent`) and nothing polls; while it is down (a proxy without WebSockets, a lost network),
 * this one query refetches on its own, when the window regains focus and every minute.
 */
export function useNotificationBell(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(BELL_QUERY),
    queryFn: () => api.get<NotificationPage>(listUrl(BELL_QUERY)),
    enabled,
    refetchInterval: () => (liveStatus.isOpen() ? false : UNREAD_REFRESH_MS),
    // the cache never goes stale on its own, so a focus refetch has to be asked for whatever the data's age
    refetchOnWindowFocus: () => (liveStatus.isOpen() ? false : 'always'),
  });
}

/**
 * Applies a live event to the cached notifications: a new one goes to the top of the bell with the new unread
 * count, every other list (the screen's pages and filters) is refetched if shown, and so is whatever shows the
 * notification's subject (its entity type's change topic); a read elsewhere updates the count and refetches what is shown.
 */
export function applyNotificationLiveEvent(client: QueryClient, event: LiveServerEvent) {
  if (event.type !== 'notification' && event.type !== 'notification.read') return;
  const bellKey = notificationKeys.list(BELL_QUERY);
  if (event.type === 'notification') {
    client.setQueryData<NotificationPage>(bellKey, (page) => {
      if (!page || page.items.some((n) => n.id === event.notification.id)) return page && { ...page, unreadCount: event.unreadCount };
      return { ...page, items: [event.notification, ...page.items].slice(0, page.pageSize), total: page.total + 1, unreadCount: event.unreadCount };
    });
    void client.invalidateQueries({ queryKey: notificationKeys.all, predicate: (q) => q.queryHash !== hashKey(bellKey) });
    // what shows the notification's subject refreshes too (a decided timesheet, a commission earned)
    const topic = topicOfEntity(event.notification.entityType);
    if (topic) void changed(client, topic);
    return;
  }
  client.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) => page && { ...page, unreadCount: event.unreadCount });
  void client.invalidateQueries({ queryKey: notificationKeys.all });
}

/** POST /api/notifications/:id/read; the bell and the lists refresh, failures are shown as a toast. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Could not mark the notification as read. Please try again.') }),
    onSettled: () => void invalidateKeys(client, [notificationKeys.all]),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NotificationReadAll>('/api/notifications/read-all'),
    onSuccess: ({ updated }) =>
      toast({
        variant: 'success',
        title: 'All caught up',
        description: updated === 1 ? '1 notification marked as read.' : `${updated} notifications marked as read.`,
      }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Could not mark your notifications as read. Please try again.') }),
    onSettled: () => void invalidateKeys(client, [notificationKeys.all]),
  });
}
