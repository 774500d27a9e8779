import type { NotificationTemplates } from '../notification-types.ts';

export const securityNotifications = {} satisfies NotificationTemplates;
