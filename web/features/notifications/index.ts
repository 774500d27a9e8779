/** What other parts of the client may use of the notifications feature: the header's bell and the query keys to refresh. */
export { notificationKeys } from './api/notifications.ts';
export { NotificationBell } from './components/NotificationBell.tsx';
