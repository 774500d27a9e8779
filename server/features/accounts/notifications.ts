import type { NotificationTemplates } from '../notification-types.ts';
import { privacyNotifications } from './privacy-notifications.ts';
import { securityNotifications } from './security-notifications.ts';

/** What the accounts feature tells members: about their sign-in and role, and their data export and deletion requests. */
export const accountsNotifications = { ...securityNotifications, ...privacyNotifications } satisfies NotificationTemplates;
