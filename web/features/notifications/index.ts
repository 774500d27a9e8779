/** What other parts of the client may use of the notifications feature: the header's bell, the query keys to refresh, live updates. */
export { applyNotificationLiveEvent, notificationKeys } from './api/notifications.ts';
export { NotificationBell } from './components/NotificationBell.tsx';
