import type { NotificationTemplates } from '../notification-types.ts';
import { ceoNotifications } from './ceo-notifications.ts';
import { commentNotifications } from './comment-notifications.ts';
import { memberNotifications } from './member-notifications.ts';
import { mentionNotifications } from './mention-notifications.ts';

/** What the community tells members: connections, endorsements, achievements, comments and replies, mentions, moderators' decisions, and CEO Contact messages. */
export const communityNotifications = { ...memberNotifications, ...ceoNotifications, ...commentNotifications, ...mentionNotifications } satisfies NotificationTemplates;
