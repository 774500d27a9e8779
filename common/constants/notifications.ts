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
  'data_export_ready',
  'account_deletion',
  // events: a place offered from the waitlist, an event cancelled, an event's time or place changed
  'event_promoted',
  'event_cancelled',
  'event_updated',
  // commissions: one earned on a member's won lead, one paid out to them
  'commission_earned',
  'commission_paid',
  // the applicant's own membership application: approved or not
  'application_decision',
  // timesheets: one submitted to its client for approval, one approved or rejected (to its contractor)
  'timesheet_submitted',
  'timesheet_decided',
  // timesheets: Friday's reminder to a contractor whose sheet of the week is not submitted yet
  'timesheet_reminder',
  // the member's own role: a master-admin made them an admin or a partner
  'role_changed',
  // payouts: a payout run paid the partner (their remittance statement is e-mailed with it)
  'payout_paid',
  // community: a member commented on the member's post, or replied to their comment
  'post_comment',
  'comment_reply',
  // mentions: a member named the member with @ in a post or comment, or in a chat message
  'mention',
  'chat_mention',
  // moderation: an administrator hid or restored the member's post or comment
  'content_moderated',
  // leads worked together: a message in a lead's discussion (to its partner or its owner), a lead assigned to an admin
  'lead_comment',
  'lead_assigned',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind is called on the notifications screen (its filter and its items). */
export const NOTIFICATION_KIND_LABELS = {
  lead_status: 'Lead updates',
  connection_request: 'Connection requests',
  connection_accepted: 'Connections accepted',
  achievement_unlocked: 'Achievements',
  endorsement: 'Endorsements',
  ceo_contact: 'CEO Contact messages',
  mentorship_request: 'Mentorship requests',
  mentorship_answered: 'Mentorship answers',
  mentorship_ended: 'Mentorships ended',
  mentorship_session: 'Mentorship sessions',
  data_export_ready: 'Data exports',
  account_deletion: 'Account deletion',
  event_promoted: 'Event places offered',
  event_cancelled: 'Events cancelled',
  event_updated: 'Event changes',
  commission_earned: 'Commissions earned',
  commission_paid: 'Commissions paid',
  application_decision: 'Application decisions',
  timesheet_submitted: 'Timesheets to approve',
  timesheet_decided: 'Timesheet decisions',
  timesheet_reminder: 'Timesheet reminders',
  role_changed: 'Role changes',
  payout_paid: 'Payouts',
  post_comment: 'Comments on your posts',
  comment_reply: 'Replies to your comments',
  mention: 'Mentions',
  chat_mention: 'Chat mentions',
  content_moderated: 'Moderation',
  lead_comment: 'Lead discussions',
  lead_assigned: 'Leads assigned to you',
} as const satisfies Record<NotificationKind, string>;

/** A kind's label; a kind this list does not know yet (a newer workflow's) reads as plain "Notification". */
export function notificationKindLabel(kind: string): string {
  return (NOTIFICATION_KIND_LABELS as Record<string, string>)[kind] ?? 'Notification';
}

/**
 * The gamification kinds (points, levels, achievements: only achievements tell the member today). They are listed
 * apart, under Achievements, and are not counted on the bell's badge, which counts what needs the member; they stay
 * unread until the member opens or marks them. A later gamification kind (a level reached) joins this list.
 */
export const GAMIFICATION_NOTIFICATION_KINDS = ['achievement_unlocked'] as const satisfies readonly NotificationKind[];

/** The two lists of notifications: updates (everything that needs the member) and achievements (the gamification kinds). */
export const NOTIFICATION_GROUPS = ['updates', 'achievements'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];
export const NOTIFICATION_GROUP_LABELS = { updates: 'Updates', achievements: 'Achievements' } as const satisfies Record<NotificationGroup, string>;

/** The list a kind is shown in: achievements for the gamification kinds, updates for every other (an unknown kind too). */
export function notificationGroupOf(kind: string): NotificationGroup {
  return (GAMIFICATION_NOTIFICATION_KINDS as readonly string[]).includes(kind) ? 'achievements' : 'updates';
}

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/**
 * The groups of notifications a member chooses to receive by e-mail. Each names the notification kinds it
 * covers: those sent today and those later workflows send under the names given here (commission earned and
 * paid, application decisions, event updates). A locked group is always e-mailed: it answers something the
 * member asked for themselves (their data export, their account deletion request). `adminOnly` groups are
 * offered to administrators only.
 */
export const EMAIL_PREFERENCE_CATEGORIES = [
  {
    id: 'lead_updates',
    label: 'Lead updates',
    description: 'A lead you referred changes status, someone writes in its discussion, or a lead is assigned to you.',
    kinds: ['lead_status', 'lead_comment', 'lead_assigned'],
    defaultOn: true,
  },
  {
    id: 'mentions',
    label: 'Mentions',
    description: 'A member mentions you with @ in a post, a comment or a chat message.',
    kinds: ['mention', 'chat_mention'],
    defaultOn: false,
  },
  {
    id: 'commissions',
    label: 'Commissions',
    description: 'A commission is earned on one of your leads, or paid out.',
    kinds: ['commission_earned', 'commission_paid', 'payout_paid'],
    defaultOn: true,
  },
  {
    id: 'application_decisions',
    label: 'Application decisions',
    description: 'A decision is made on a membership application.',
    kinds: ['application_decision'],
    defaultOn: true,
  },
  {
    id: 'mentorship',
    label: 'Mentorship',
    description: 'Mentorship requests, answers, sessions and endings.',
    kinds: ['mentorship_request', 'mentorship_answered', 'mentorship_ended', 'mentorship_session'],
    defaultOn: true,
  },
  {
    id: 'timesheets',
    label: 'Timesheets',
    description: 'A timesheet is submitted for your approval, yours is approved or rejected, or this week’s is still to submit on Friday.',
    kinds: ['timesheet_submitted', 'timesheet_decided', 'timesheet_reminder'],
    defaultOn: true,
  },
  {
    id: 'connections',
    label: 'Connections',
    description: 'A member asks to connect with you or accepts your request.',
    kinds: ['connection_request', 'connection_accepted'],
    defaultOn: false,
  },
  {
    id: 'comments',
    label: 'Comments',
    description: 'A member comments on your post or replies to your comment, or an administrator hides or restores something you wrote.',
    kinds: ['post_comment', 'comment_reply', 'content_moderated'],
    defaultOn: false,
  },
  { id: 'endorsements', label: 'Endorsements', description: 'A member endorses one of your skills.', kinds: ['endorsement'], defaultOn: false },
  {
    id: 'events',
    label: 'Events',
    description: 'Changes and reminders for events you registered for.',
    kinds: ['event_promoted', 'event_cancelled', 'event_updated', 'event_reminder'],
    defaultOn: false,
  },
  { id: 'achievements', label: 'Achievements', description: 'You unlock an achievement.', kinds: ['achievement_unlocked'], defaultOn: false },
  {
    id: 'ceo_contact',
    label: 'CEO Contact messages',
    description: 'A member writes to the leadership through CEO Contact.',
    kinds: ['ceo_contact'],
    defaultOn: false,
    adminOnly: true,
  },
  {
    id: 'account',
    label: 'Your data and account',
    description: 'Your data export is ready, your account deletion request is decided, or your role changes. Always sent: they concern your account.',
    kinds: ['data_export_ready', 'account_deletion', 'role_changed'],
    defaultOn: true,
    locked: true,
  },
] as const satisfies readonly {
  id: string;
  label: string;
  description: string;
  kinds: readonly string[];
  defaultOn: boolean;
  adminOnly?: boolean;
  locked?: boolean;
}[];

export type EmailPreferenceCategory = (typeof EMAIL_PREFERENCE_CATEGORIES)[number];
export type EmailPreferenceType = EmailPreferenceCategory['id'];
export const EMAIL_PREFERENCE_TYPES = EMAIL_PREFERENCE_CATEGORIES.map((c) => c.id) as [EmailPreferenceType, ...EmailPreferenceType[]];

/** How often e-mails go out: one per notification, or one digest a day. */
export const EMAIL_FREQUENCIES = ['immediate', 'daily'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** What a member who never chose receives by e-mail: lead and commission updates, application decisions, mentorship, timesheets (and the locked group). */
export const DEFAULT_EMAIL_TYPES: EmailPreferenceType[] = EMAIL_PREFERENCE_CATEGORIES.filter((c) => c.defaultOn).map((c) => c.id);
export const DEFAULT_EMAIL_FREQUENCY: EmailFrequency = 'immediate';

/** The group a notification kind belongs to (null for a kind no group names: never e-mailed). */
export function emailCategoryOf(kind: string): EmailPreferenceCategory | null {
  return EMAIL_PREFERENCE_CATEGORIES.find((c) => (c.kinds as readonly string[]).includes(kind)) ?? null;
}
