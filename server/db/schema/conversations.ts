import { sql } from 'drizzle-orm';
import { check, index, pgTable, type AnyPgColumn, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
