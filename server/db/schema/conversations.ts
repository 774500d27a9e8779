import { sql } from 'drizzle-orm';
import { check, index, pgTable, type AnyPgColumn, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityPosts } from './community.ts';
import { users } from './users.ts';

// The conversations on the community feed (migration 0034): comments and replies, and reactions to posts and comments.

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A comment on a post: top level (no parent) or a reply to a top-level comment of the same post, one level deep.
 * Deleting one with replies clears its words and sets `deletedAt` (it shows as deleted, the replies keep their
 * place); one without replies is removed.
 */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    parentId: uuid('parent_id').references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
    /** Hidden by a moderator (migration 0036): only its author and the administrators still see it. */
    hiddenAt: ts('hidden_at'),
    hiddenBy: uuid('hidden_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // a post's top-level comments oldest first, paged by (created_at, id); a comment's replies in the same order
    index('post_comments_post_top_idx')
      .on(t.postId, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('post_comments_parent_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is not null`),
    // a member's own comments, for their data export and erasure
    index('post_comments_author_idx').on(t.authorId, t.createdAt, t.id),
    check('post_comments_content_check', sql`case when ${t.deletedAt} is not null then ${t.content} = '' else char_length(${t.content}) between 1 and 2000 end`),
    check('post_comments_not_own_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/** A member's reaction to a post: one of each emoji (common/schemas/conversations.ts REACTIONS) at most. */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    emoji: text('emoji').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId, t.emoji] }),
    index('post_reactions_user_idx').on(t.userId),
    check('post_reactions_emoji_check', sql`${t.emoji} in ('👍', '🎉', '💡', '❤️')`),
  ],
);

/** A member's reaction to a comment: one of each emoji at most. */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => postComments.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    emoji: text('emoji').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId, t.emoji] }),
    index('comment_reactions_user_idx').on(t.userId),
    check('comment_reactions_emoji_check', sql`${t.emoji} in ('👍', '🎉', '💡', '❤️')`),
  ],
);

/**
 * Members' reports of a post or a comment (migration 0036): one report per post or comment, gathering every
 * member's reason (content_report_reasons). Open until an administrator hides the content, restores it or
 * dismisses the report; a new reason opens a closed report again. Goes with its post or comment.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => postComments.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    firstReportedAt: ts('first_reported_at').notNull().defaultNow(),
    lastReportedAt: ts('last_reported_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('content_reports_post_key')
      .on(t.postId)
      .where(sql`${t.commentId} is null`),
    uniqueIndex('content_reports_comment_key')
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
    // the review list's keyset order: open reports first, then latest reported first
    index('content_reports_review_idx').on(sql`(${t.status} = 'open')`, t.lastReportedAt, t.id),
    check('content_reports_target_check', sql`(${t.targetType} = 'post' and ${t.commentId} is null) or (${t.targetType} = 'comment' and ${t.commentId} is not null)`),
    check('content_reports_status_check', sql`${t.status} in ('open', 'hidden', 'restored', 'dismissed')`),
  ],
);

/** One member's reason for reporting; closed with its report's round (one open reason per member and report). */
export const contentReportReasons = pgTable(
  'content_report_reasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => contentReports.id, { onDelete: 'cascade' }),
    reporterId: userRef('reporter_id'),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('content_report_reasons_open_key')
      .on(t.reportId, t.reporterId)
      .where(sql`${t.closedAt} is null`),
    index('content_report_reasons_report_idx').on(t.reportId, t.createdAt),
    index('content_report_reasons_reporter_idx').on(t.reporterId),
    check('content_report_reasons_reason_check', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);
