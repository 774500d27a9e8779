import type { NotificationTemplates } from '../notification-types.ts';
import { ceoNotifications } from './ceo-notifications.ts';
import { memberNotifications } from './member-notifications.ts';

/** What the community tells members: connections, endorsements, achievements and CEO Contact messages. */
export const communityNotifications = { ...memberNotifications, ...ceoNotifications } satisfies NotificationTemplates;
