import { z } from 'zod';

/**
 * GET /api/search?q=: what the command palette finds. Each group answers only what the viewer may open: members
 * the directory shows them, their own leads (every lead for administrators), posts of the feed, events, and the chat
 * channels they belong to. The product's pages and actions are matched in the browser.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** The most results one group answers. */
export const SEARCH_GROUP_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`)
    .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters`),
});

export const SEARCH_GROUPS = ['members', 'leads', 'posts', 'events', 'channels'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];
export const SEARCH_GROUP_LABELS: Record<SearchGroup, string> = {
  members: 'Members',
  leads: 'Leads',
  posts: 'Posts',
  events: 'Events',
  channels: 'Chat channels',
};

export const searchResultSchema = z.object({
  id: z.string(),
  /** The text the match is shown in (a name, a company, a title, the start of a post). */
  title: z.string(),
  /** A second line: a member's company, a lead's contact and status, an event's date. */
  subtitle: z.string().nullable(),
  /** The screen that opens it, a path inside the product. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  q: z.string(),
  groups: z.object({
    members: z.array(searchResultSchema),
    leads: z.array(searchResultSchema),
    posts: z.array(searchResultSchema),
    events: z.array(searchResultSchema),
    channels: z.array(searchResultSchema),
  }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
