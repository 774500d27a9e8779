import { hashKey, keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveServerEvent } from '../../../../common/schemas/live.ts';
import { NOTIFICATION_GROUPS, notificationGroupOf, type NotificationGroup } from '../../../../common/constants/notifications.ts';
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
    group: q.group || undefined,
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

/** The bell's list of one group: its latest ten. */
export const bellQuery = (group: NotificationGroup): NotificationListQuery => ({ unread: false, group, type: '', page: 1, pageSize: BELL_SIZE });
const bellKeys = NOTIFICATION_GROUPS.map((g) => notificationKeys.list(bellQuery(g)));

/**
 * The bell: the latest ten of one group (updates, or achievements once the member turns to them) and the unread
 * counts. While the live connection is up, its events update this cache (`applyNotificationLiveEvent`) and nothing
 * polls; while it is down (a proxy without WebSockets, a lost network), this query refetches on its own, when the
 * window regains focus and every minute.
 */
export function useNotificationBell(group: NotificationGroup, enabled = true) {
  const q = bellQuery(group);
  return useQuery({
    queryKey: notificationKeys.list(q),
    queryFn: () => api.get<NotificationPage>(listUrl(q)),
    enabled,
    refetchInterval: () => (liveStatus.isOpen() ? false : UNREAD_REFRESH_MS),
    // the cache never goes stale on its own, so a focus refetch has to be asked for whatever the data's age
    refetchOnWindowFocus: () => (liveStatus.isOpen() ? false : 'always'),
  });
}

/**
 * Applies a live event to the cached notifications: a new one goes to the top of the bell's list of its group with
 * the new unread counts (the socket's count is the updates'; an achievement adds one to the achievements'), every
 * other list (the screen's pages and filters) is refetched if shown, and so is whatever shows the notification's
 * subject (its entity type's change topic); a read elsewhere updates the count and refetches what is shown.
 */
export function applyNotificationLiveEvent(client: QueryClient, event: LiveServerEvent) {
  if (event.type !== 'notification' && event.type !== 'notification.read') return;
  if (event.type === 'notification') {
    const n = event.notification;
    const group = notificationGroupOf(n.type);
    const ownKey = notificationKeys.list(bellQuery(group));
    const known = client.getQueryData<NotificationPage>(ownKey)?.items.some((i) => i.id === n.id) ?? false;
    const moreAchievements = !known && !n.isRead && group === 'achievements' ? 1 : 0;
    for (const key of bellKeys) {
      client.setQueryData<NotificationPage>(key, (page) => {
        if (!page) return page;
        const counts = { unreadCount: event.unreadCount, unreadAchievements: page.unreadAchievements + moreAchievements };
        if (known || hashKey(key) !== hashKey(ownKey)) return { ...page, ...counts };
        return { ...page, items: [n, ...page.items].slice(0, page.pageSize), total: page.total + 1, ...counts };
      });
    }
    const bells = new Set(bellKeys.map((k) => hashKey(k)));
    void client.invalidateQueries({ queryKey: notificationKeys.all, predicate: (q) => !bells.has(q.queryHash) });
    // what shows the notification's subject refreshes too (a decided timesheet, a commission earned)
    const topic = topicOfEntity(n.entityType);
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

/** POST /api/notifications/read-all: every unread one, or those of one group. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (group?: NotificationGroup) => api.post<NotificationReadAll>(withQuery('/api/notifications/read-all', { group })),
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
