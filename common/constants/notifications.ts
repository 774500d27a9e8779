/** The kinds of notification the product sends; each workflow that tells a member something names its kind. */
export const NOTIFICATION_KINDS = [
  'lead_status',
  'connection_request',
  'connection_accepted',
  'achievement_unlocked',
  'endorsement',
  'ceo_contact',
  'mentorship_request',
  'mentorship_answered',
  'mentorship_ended',
  'mentorship_session',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
