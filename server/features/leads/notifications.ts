import type { NotificationTemplates } from '../notification-types.ts';

/** What this feature tells members, one template per notification kind it sends. */
export const leadsNotifications = {} satisfies NotificationTemplates;
