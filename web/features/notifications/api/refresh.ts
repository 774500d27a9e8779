import type { Refreshes } from '../../../lib/changes.ts';
import { notificationKeys } from './keys.ts';

/** The bell, its unread count and every page of the notifications screen. */
export const notificationRefreshes = {
  notification: [notificationKeys.all],
} satisfies Refreshes;
