import type { NotificationKind } from './notifications.ts';

/**
 * What can change, as the web client refreshes it: a mutation says which of these it changed, and every query that
 * shows one of them (in any feature) refreshes. A live notification names its subject through its entity type,
 * which `ENTITY_TOPICS` turns into one of these.
 */
export const CHANGE_TOPICS = [
  'lead',
  'commission',
  'timesheet',
  'placement',
  'event',
  'registration',
  'member',
  'application',
  'post',
  'connection',
  'endorsement',
  'achievement',
  'mentorship',
  'ceo_message',
  'chat',
  'settings',
  'account',
  'notification',
  'payouts',
] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** The entity a notification of each kind is about (its `entityType`), as the server writes it. */
export const NOTIFICATION_ENTITY_TYPES = {
  lead_status: 'lead',
  connection_request: 'member_connection',
  connection_accepted: 'member_connection',
  achievement_unlocked: 'achievement',
  endorsement: 'skill_endorsement',
  ceo_contact: 'ceo_message',
  mentorship_request: 'mentorship_request',
  mentorship_answered: 'mentorship_request',
  mentorship_ended: 'mentorship_request',
  mentorship_session: 'mentorship_session',
  data_export_ready: 'data_export',
  account_deletion: 'account_deletion_request',
  event_promoted: 'event',
  event_cancelled: 'event',
  event_updated: 'event',
  commission_earned: 'commission',
  commission_paid: 'commission',
  application_decision: 'user',
  timesheet_submitted: 'timesheet',
  timesheet_decided: 'timesheet',
  timesheet_reminder: 'placement_week',
  role_changed: 'user',
  payout_paid: 'payout_line',
  post_comment: 'post_comment',
  comment_reply: 'post_comment',
  mention: 'community_post',
  chat_mention: 'chat_channel',
  content_moderated: 'community_post',
  lead_comment: 'lead',
  lead_assigned: 'lead',
} as const satisfies Record<NotificationKind, string>;
export type NotificationEntityType = (typeof NOTIFICATION_ENTITY_TYPES)[NotificationKind];

/** The topic a notification's subject belongs to: a notification arriving live refreshes what shows its subject. */
export const ENTITY_TOPICS = {
  lead: 'lead',
  member_connection: 'connection',
  achievement: 'achievement',
  skill_endorsement: 'endorsement',
  ceo_message: 'ceo_message',
  mentorship_request: 'mentorship',
  mentorship_session: 'mentorship',
  data_export: 'account',
  account_deletion_request: 'account',
  event: 'event',
  commission: 'commission',
  user: 'member',
  timesheet: 'timesheet',
  placement_week: 'timesheet',
  payout_line: 'payouts',
  // a comment shows on its post: its arrival refreshes the feed and the post's conversation
  post_comment: 'post',
  community_post: 'post',
  chat_channel: 'chat',
} as const satisfies Record<NotificationEntityType, ChangeTopic>;

/** The topic of an entity type, or null for one this list does not know (a newer server's). */
export function topicOfEntity(entityType: string | null | undefined): ChangeTopic | null {
  if (!entityType || !Object.hasOwn(ENTITY_TOPICS, entityType)) return null;
  return ENTITY_TOPICS[entityType as NotificationEntityType];
}
