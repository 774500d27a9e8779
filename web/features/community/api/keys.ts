import type { PostCategory } from '../../../../common/constants/community.ts';
import type { FeedOrder } from '../../../../common/schemas/conversations.ts';

/** Posts per "Load more". */
export const FEED_PAGE_SIZE = 10;

/** Top-level comments per "Load more" of a post's thread (each comes with all its replies). */
export const COMMENT_PAGE_SIZE = 20;

/**
 * The query keys of the discussion feed (first element: the endpoint's path). A post's comments sit under the
 * posts' path too (as a member's profile sits under the members'), so whatever refreshes the posts refreshes the
 * threads open beneath them.
 */
export const postKeys = {
  /** Every page of every order and category filter, and every post's comments. */
  all: ['/api/community-posts'] as const,
  feed: (category: PostCategory | null, order: FeedOrder = 'newest') => ['/api/community-posts', { order, category, pageSize: FEED_PAGE_SIZE }] as const,
  /** One post alone, as a notification's link opens it (`?post=<id>`). */
  one: (postId: string) => ['/api/community-posts', { post: postId }] as const,
  comments: (postId: string) => ['/api/community-posts', { commentsOf: postId, pageSize: COMMENT_PAGE_SIZE }] as const,
};

/** Whether a query key under `postKeys.all` is a page of the feed (rather than a post's comments). */
export const isFeedKey = (key: readonly unknown[]) => key[0] === postKeys.all[0] && typeof key[1] === 'object' && key[1] !== null && 'order' in key[1];

/** Whether a query key under `postKeys.all` is one post's comments. */
export const isCommentsKey = (key: readonly unknown[], postId?: string) =>
  key[0] === postKeys.all[0] &&
  typeof key[1] === 'object' &&
  key[1] !== null &&
  'commentsOf' in key[1] &&
  (postId === undefined || (key[1] as { commentsOf: string }).commentsOf === postId);

/** The query keys of CEO Contact (first element: the endpoint's path). */
export const ceoKeys = {
  /** Every page of the member's own messages (each also says how many may still be sent today). */
  all: ['/api/ceo-messages'] as const,
  page: (page: number) => ['/api/ceo-messages', { page }] as const,
};
