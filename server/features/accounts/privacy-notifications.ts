import type { NotificationTemplates } from '../notification-types.ts';

export const privacyNotifications = {} satisfies NotificationTemplates;
