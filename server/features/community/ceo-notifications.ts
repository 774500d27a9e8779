import type { NotificationTemplates } from '../notification-types.ts';

export const ceoNotifications = {} satisfies NotificationTemplates;
