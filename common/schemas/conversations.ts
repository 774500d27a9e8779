import { z } from 'zod';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';
import { POST_CATEGORIES } from '../constants/community.ts';
import { COMMUNITY_LIMITS as L } from '../constants/community.ts';

/* ---------- reactions ---------- */

/** The reactions a member may leave on a post or a comment, one of each at most; the order the bar shows them. */
export const REACTIONS = ['👍', '🎉', '💡', '❤️'] as const;
export const reactionSchema = z.enum(REACTIONS, { error: 'Choose one of the reactions' });
export type Reaction = z.infer<typeof reactionSchema>;

/** How many reactors a summary names (the first to react); the rest are only counted. */
export const REACTION_NAMES_SHOWN = 5;

/** One emoji's reactions on a post or comment: how many, whether the viewer is among them, and the first reactors' names. */
export const reactionSummarySchema = z.object({
  emoji: reactionSchema,
  count: z.number().int().min(1),
  mine: z.boolean(),
  names: z.array(z.string()),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** PUT/DELETE …/reactions/{emoji}: the emoji URL-encoded in the path. */
export const reactionParamsSchema = z.object({ id: z.uuid('Not found.'), emoji: reactionSchema });

/** What PUT and DELETE of a reaction answer: the post's or comment's reactions as they now stand. */
export const reactionsAnswerSchema = z.object({ reactions: z.array(reactionSummarySchema) });
export type ReactionsAnswer = z.infer<typeof reactionsAnswerSchema>;

/* ---------- comments ---------- */

/** Shown in place of a deleted comment that still has replies (its words are gone). */
export const DELETED_COMMENT_TEXT = 'This comment was deleted';

const commentContent = z
  .string()
  .trim()
  .min(1, 'Write a comment')
  .max(L.commentContent.max, `A comment must be at most ${L.commentContent.max.toLocaleString('en-GB')} characters`);

/** POST /api/community-posts/{id}/comments: a top-level comment, or a reply to a top-level comment of the same post. */
export const commentCreateSchema = z.object({ content: commentContent, parentId: z.uuid('Comment not found.').optional() }).strict();
export type CommentCreate = z.infer<typeof commentCreateSchema>;

/** PATCH /api/comments/{id}: its author rewrites it (marked edited). */
export const commentEditSchema = z.object({ content: commentContent }).strict();
export type CommentEdit = z.infer<typeof commentEditSchema>;

/** `report`: the viewer may report it to the moderators (POST /api/reports): someone else's comment, not deleted or hidden. */
export const commentAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean(), reply: z.boolean(), react: z.boolean(), report: z.boolean() });

export const commentAuthorSchema = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() });

export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  /** The top-level comment this replies to; null for a top-level comment. */
  parentId: z.string().nullable(),
  /** Null once the comment is deleted (it then shows as DELETED_COMMENT_TEXT). */
  author: commentAuthorSchema.nullable(),
  /** Empty once the comment is deleted. */
  content: z.string(),
  deleted: z.boolean(),
  /**
   * Hidden by a moderator (common/schemas/moderation.ts): its author and the administrators see it whole, marked
   * HIDDEN_CONTENT_LABEL; other members see a hidden top-level comment only when it still has replies they can see,
   * and then as a placeholder (no author, empty content); a hidden reply is not shown to them at all.
   */
  hidden: z.boolean(),
  createdAt: instantSchema,
  editedAt: instantSchema.nullable(),
  reactions: z.array(reactionSummarySchema),
  can: commentAbilitiesSchema,
});
export type Comment = z.infer<typeof commentSchema>;

/** A top-level comment with all its replies, oldest first. */
export const commentThreadSchema = commentSchema.extend({ replies: z.array(commentSchema) });
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** GET /api/community-posts/{id}/comments: top-level comments oldest first, paged by cursor, each with its replies. */
export const commentQuerySchema = pageQuery(20, 50);
export const commentPageSchema = pageOf(commentThreadSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

/* ---------- post editing ---------- */

/** PATCH /api/community-posts/{id}: its author changes any of these (the post is marked edited). */
export const postEditSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(L.postTitle.max, `Title must be at most ${L.postTitle.max} characters`).optional(),
    content: z.string().trim().min(1, 'Content is required').max(L.postContent.max, `Content must be at most ${L.postContent.max} characters`).optional(),
    category: z.enum(POST_CATEGORIES, { error: 'Choose a category' }).optional(),
  })
  .strict()
  .refine((e) => e.title !== undefined || e.content !== undefined || e.category !== undefined, { message: 'Nothing to change' });
export type PostEdit = z.infer<typeof postEditSchema>;

/** The feed's orders: newest posts first, or the posts with the latest activity (a post or its latest comment) first. */
export const FEED_ORDERS = ['newest', 'activity'] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];
export const FEED_ORDER_LABELS: Record<FeedOrder, string> = { newest: 'Newest', activity: 'Latest activity' };

/* ---------- pinned announcements ---------- */

/**
 * How many posts may be pinned at once. An administrator pins a post (POST /api/community-posts/{id}/pin) and
 * unpins it (…/unpin); both answer the post as it now stands (a Post with `pinnedAt`), are audited, and pinning a
 * fourth answers 409. The feed's first page of the whole feed (no category or author, no cursor, page 1) carries
 * them newest-pinned first in `pinned`; the whole feed's pages below never repeat them. A category's or an author's
 * feed shows a pinned post in its place and an empty `pinned`.
 */
export const MAX_PINNED_POSTS = 3;
