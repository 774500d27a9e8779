import type { NotificationKind } from '../../common/constants/notifications.ts';
import { accountsNotifications } from './accounts/notifications.ts';
import { applicationsNotifications } from './applications/notifications.ts';
import { leadsNotifications } from './leads/notifications.ts';
import { commissionsNotifications } from './commissions/notifications.ts';
import { communityNotifications } from './community/notifications.ts';
import { eventsNotifications } from './events/notifications.ts';
import { mentoringNotifications } from './mentoring/notifications.ts';
import { chatNotifications } from './chat/notifications.ts';
import { timesheetsNotifications } from './timesheets/notifications.ts';
import { payoutsNotifications } from './payouts/notifications.ts';
import type { NotificationTemplate, NotificationText } from './notification-types.ts';

/**
 * Every notification template, gathered from the features that send them. A feature adds its kinds to its own
 * `notifications.ts`; a kind with no template here cannot be sent through `notifyMember`, and the completeness
 * test lists any kind that has none.
 */
export const notificationTemplates = {
  ...accountsNotifications,
  ...applicationsNotifications,
  ...leadsNotifications,
  ...commissionsNotifications,
  ...communityNotifications,
  ...eventsNotifications,
  ...mentoringNotifications,
  ...chatNotifications,
  ...timesheetsNotifications,
  ...payoutsNotifications,
} satisfies Record<NotificationKind, NotificationTemplate>;

export type TemplatedKind = keyof typeof notificationTemplates & NotificationKind;
export type NotificationParams<K extends TemplatedKind> = Parameters<(typeof notificationTemplates)[K]>[0];

/** The words and link a kind's template makes from the act's facts. */
export function notificationText<K extends TemplatedKind>(kind: K, params: NotificationParams<K>): NotificationText {
  return (notificationTemplates[kind] as NotificationTemplate)(params);
}
