import type { PostCategory } from '../../../../common/constants/community.ts';

/** Posts per "Load more". */
export const FEED_PAGE_SIZE = 10;

/** The query keys of the discussion feed (first element: the endpoint's path). */
export const postKeys = {
  /** Every page of every category filter. */
  all: ['/api/community-posts'] as const,
  feed: (category: PostCategory | null) => ['/api/community-posts', { category, pageSize: FEED_PAGE_SIZE }] as const,
};

/** The query keys of CEO Contact (first element: the endpoint's path). */
export const ceoKeys = {
  /** Every page of the member's own messages (each also says how many may still be sent today). */
  all: ['/api/ceo-messages'] as const,
  page: (page: number) => ['/api/ceo-messages', { page }] as const,
};
