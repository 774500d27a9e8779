import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, type AnyPgColumn, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: userRef('author_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull().default('discussion'),
    imageUrl: text('image_url'),
    /** The stored file behind imageUrl (a storage key), removed with the post. */
    imageKey: text('image_key'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** When its author last changed it (migration 0034); null if never. */
    editedAt: ts('edited_at'),
    /** Its comments that are not deleted, kept in the transaction that adds or deletes one. */
    commentCount: integer('comment_count').notNull().default(0),
    /** The post's creation or its latest comment, whichever is later: set to its creation on insert (a trigger, migration 0034), then kept with the comments. */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    /** Pinned to the top of the feed by an administrator (migration 0036); null when not pinned. */
    pinnedAt: ts('pinned_at'),
    pinnedBy: uuid('pinned_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Hidden by a moderator (migration 0036): only its author and the administrators still see it. */
    hiddenAt: ts('hidden_at'),
    hiddenBy: uuid('hidden_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('community_posts_created_idx').on(t.createdAt),
    // the feed's "Latest activity" keyset order (migration 0034)
    index('community_posts_activity_idx').on(t.lastActivityAt, t.id),
    check('community_posts_comment_count_check', sql`${t.commentCount} >= 0`),
    // the feed's keyset order, newest first, whole or by category, and a member's own posts; each ends in id (migration 0031)
    index('community_posts_feed_idx').on(t.createdAt, t.id),
    index('community_posts_category_feed_idx').on(t.category, t.createdAt, t.id),
    index('community_posts_author_idx').on(t.authorId, t.createdAt, t.id),
    index('community_posts_pinned_idx')
      .on(t.pinnedAt, t.id)
      .where(sql`${t.pinnedAt} is not null`),
    // the command palette's search over a post's title and words (migration 0041); endorsements and accepted connections per day for the analytics (0040)
    index('community_posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('community_posts_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

/** A member's message to the leadership through CEO Contact; every admin is told of it. */
export const ceoMessages = pgTable(
  'ceo_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: userRef('sender_id'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ceo_messages_sender_idx').on(t.senderId, t.createdAt)],
);

/** The organisation's record achievements on the leaderboard's hall of fame; admins edit them. */
export const hallOfFameRecords = pgTable('hall_of_fame_records', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  label: text('label').notNull(),
  valuePence: bigint('value_pence', { mode: 'number' }).notNull(),
  holder: text('holder'),
  achievedIn: text('achieved_in'),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Each partner's referral figures per period, kept by triggers on leads and commissions in the same transaction
 * as the change: leads submitted and won (by the month the lead was submitted) and commission earned (by the
 * month the commission was created, cancelled ones excluded), for the London month, quarter, year and all time
 * (period 'all', start 1970-01-01). The leaderboard reads one row per partner instead of summing leads.
 */
export const partnerPeriodStats = pgTable(
  'partner_period_stats',
  {
    partnerId: userRef('partner_id'),
    period: text('period').notNull(),
    periodStart: date('period_start').notNull(),
    leadsSubmitted: integer('leads_submitted').notNull().default(0),
    leadsWon: integer('leads_won').notNull().default(0),
    commissionPence: bigint('commission_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.period, t.periodStart] }),
    index('partner_period_stats_rank_idx').on(t.period, t.periodStart, t.commissionPence.desc(), t.leadsWon.desc(), t.leadsSubmitted.desc(), t.partnerId),
  ],
);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizerId: uuid('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    category: text('category').notNull(),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    location: text('location'),
    meetingLink: text('meeting_link'),
    maxAttendees: integer('max_attendees'),
    registrationRequired: boolean('registration_required').notNull().default(true),
    registrationDeadline: ts('registration_deadline'),
    fee: numeric('fee', { precision: 10, scale: 2 }),
    currency: text('currency').notNull().default('GBP'),
    imageUrl: text('image_url'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublic: boolean('is_public').notNull().default(true),
    status: text('status').notNull().default('active'),
    linkedinPromotionText: text('linkedin_promotion_text'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // the lists' keyset orders: upcoming soonest first, past latest first, then id (migration 0031)
    index('events_start_idx').on(t.startDate, t.id),
    // the upcoming and past lists split on the end: an event is past once it has ended
    index('events_end_start_idx').on(t.endDate, t.startDate),
    // the event search (ILIKE on each field) reads these trigram indexes (migration 0029)
    index('events_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('events_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('events_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
    check('events_status_check', sql`${t.status} in ('active', 'cancelled')`),
    check('events_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('events_max_attendees_check', sql`${t.maxAttendees} is null or ${t.maxAttendees} >= 1`),
  ],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    status: text('status').notNull().default('registered'),
    registrationDate: ts('registration_date').notNull().defaultNow(),
    paymentStatus: text('payment_status'),
    paymentAmount: numeric('payment_amount', { precision: 10, scale: 2 }),
    notes: text('notes'),
    attendanceConfirmed: boolean('attendance_confirmed').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_registrations_event_user_key').on(t.eventId, t.userId),
    index('event_registrations_user_idx').on(t.userId),
    // places taken and the waitlist in arrival order (registration time, then id), read from the index in order
    index('event_registrations_event_status_date_idx').on(t.eventId, t.status, t.registrationDate, t.id),
    check('event_registrations_status_check', sql`${t.status} in ('registered', 'waitlisted')`),
  ],
);

/**
 * A member's personal calendar feed: the secret in its address is derived from the server's secret and `nonce` (so
 * it can be shown again) and found by its hash; the table alone opens no feed. Rotating it ends the old address.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feed_tokens_hash_key').on(t.tokenHash)],
);

export const skillEndorsements = pgTable(
  'skill_endorsements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endorserId: userRef('endorser_id'),
    endorseeId: userRef('endorsee_id'),
    skillName: text('skill_name').notNull(),
    message: text('message'),
    isVisible: boolean('is_visible').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('skill_endorsements_once_key').on(t.endorserId, t.endorseeId, t.skillName),
    index('skill_endorsements_endorsee_idx').on(t.endorseeId),
    index('skill_endorsements_endorsee_skill_idx').on(t.endorseeId, t.skillName, t.createdAt),
    index('skill_endorsements_endorser_idx').on(t.endorserId, t.createdAt),
    index('skill_endorsements_created_idx').on(t.createdAt),
  ],
);

export const memberConnections = pgTable(
  'member_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterUserId: userRef('requester_user_id'),
    targetUserId: userRef('target_user_id'),
    introducerUserId: uuid('introducer_user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    connectionType: text('connection_type'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // requests sent and received, in the connection list's keyset order: newest first, then id (migration 0031)
    index('member_connections_requester_idx').on(t.requesterUserId, t.createdAt, t.id),
    index('member_connections_target_idx').on(t.targetUserId, t.createdAt, t.id),
    index('member_connections_accepted_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'accepted'`),
    // one open (pending or accepted) connection per pair of members, whichever way it was asked
    uniqueIndex('member_connections_open_pair_key')
      .on(sql`least(${t.requesterUserId}, ${t.targetUserId})`, sql`greatest(${t.requesterUserId}, ${t.targetUserId})`)
      .where(sql`${t.status} in ('pending', 'accepted')`),
  ],
);

/** A member's presence as all see it, derived from their open sockets on every instance; `socketId` last changed it. */
export const userPresence = pgTable(
  'user_presence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id').unique(),
    status: text('status').notNull().default('offline'),
    lastSeen: ts('last_seen'),
    socketId: text('socket_id'),
  },
  (t) => [check('user_presence_status_check', sql`${t.status} in ('online', 'away', 'offline')`)],
);

/**
 * One open live connection of a member, on whichever instance holds it, with the state its tab reports
 * (online, or away when idle or hidden). An instance refreshes `seenAt` of its sockets while it runs, so the
 * sockets of an instance that died are recognised as stale and dropped.
 */
export const presenceSockets = pgTable(
  'presence_sockets',
  {
    id: text('id').primaryKey(),
    userId: userRef('user_id'),
    instanceId: text('instance_id').notNull(),
    status: text('status').notNull().default('online'),
    connectedAt: ts('connected_at').notNull().defaultNow(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('presence_sockets_user_idx').on(t.userId),
    index('presence_sockets_seen_idx').on(t.seenAt),
    check('presence_sockets_status_check', sql`${t.status} in ('online', 'away')`),
  ],
);

/**
 * A browser a member allowed to receive Web Push notifications: its push service endpoint and keys. It belongs to
 * the session that stored it and goes with it (sign-out, revocation, expiry, password change).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * A chat channel: a group (public, joined by anyone; or private, by invitation of its owners) or the one direct
 * conversation of a pair of members, whose `directKey` is the pair's two ids in order, so the pair has one at most.
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').notNull().default('group'),
    isPrivate: boolean('is_private').notNull().default(false),
    /** For a direct conversation only: `<lower id>:<higher id>` of its two members. */
    directKey: text('direct_key'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_channels_direct_key').on(t.directKey),
    // the public groups a member may discover, in the list's keyset order: newest first, then id (migration 0031)
    index('chat_channels_public_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.type} = 'group' and not ${t.isPrivate}`),
    check('chat_channels_type_check', sql`${t.type} in ('group', 'direct')`),
    check('chat_channels_direct_key_check', sql`(${t.type} = 'direct') = (${t.directKey} is not null)`),
    check('chat_channels_direct_private_check', sql`${t.type} = 'group' or ${t.isPrivate}`),
  ],
);

/**
 * A message in a channel, kept in full until its author, the channel's owner or an administrator deletes it: then
 * its words are cleared and `deletedAt` / `deletedById` record when and by whom; the row stays so replies keep
 * their place.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    /** The one attached file (migration 0037): generated storage key, the member's name for it, type, bytes, pixels of an image. */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    attachmentWidth: integer('attachment_width'),
    attachmentHeight: integer('attachment_height'),
    isEdited: boolean('is_edited').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: ts('deleted_at'),
    deletedById: uuid('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // a channel's messages newest first, paged by (created_at, id)
    index('chat_messages_channel_idx').on(t.channelId, t.createdAt, t.id),
    // a member's own messages oldest first, for their data export and erasure (migration 0031)
    index('chat_messages_sender_created_id_idx').on(t.senderId, t.createdAt, t.id),
    // unread counting reads the messages that are not deleted, after the member's last read
    index('chat_messages_channel_live_idx')
      .on(t.channelId, t.createdAt)
      .where(sql`not ${t.isDeleted}`),
    check('chat_messages_type_check', sql`${t.messageType} in ('text')`),
    // words may be left out only beside an attachment (migration 0037)
    check(
      'chat_messages_content_check',
      sql`case when ${t.isDeleted} then ${t.content} = '' when ${t.attachmentKey} is not null then char_length(${t.content}) <= 4000 else char_length(${t.content}) between 1 and 4000 end`,
    ),
    // chat search: words contain the text, over the messages not deleted (migration 0037)
    index('chat_messages_content_trgm_idx')
      .using('gin', t.content.op('gin_trgm_ops'))
      .where(sql`not ${t.isDeleted}`),
    check('chat_messages_deleted_check', sql`${t.isDeleted} = (${t.deletedAt} is not null)`),
  ],
);

export const chatChannelMembers = pgTable(
  'chat_channel_members',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    role: text('role').notNull().default('member'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    lastReadAt: ts('last_read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.userId] }),
    // a member's own channels
    index('chat_channel_members_user_idx').on(t.userId),
    check('chat_channel_members_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);
