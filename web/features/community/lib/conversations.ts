import type { InfiniteData } from '@tanstack/react-query';
import type { Post, PostCreate, PostPage } from '../../../../common/schemas/community.ts';
import {
  FEED_ORDERS,
  REACTION_NAMES_SHOWN,
  REACTIONS,
  type Comment,
  type CommentPage,
  type CommentThread,
  type FeedOrder,
  type PostEdit,
  type Reaction,
  type ReactionSummary,
} from '../../../../common/schemas/conversations.ts';

/** What each reaction means, for its button's name and tooltip. */
export const REACTION_LABELS: Record<Reaction, string> = { '👍': 'Like', '🎉': 'Celebrate', '💡': 'Insightful', '❤️': 'Love' };

/** The address parameter holding the feed's order; absent means the default, newest first. */
export const ORDER_PARAM = 'order';

/** The address parameter naming one post to show alone (`/community?post=<id>`, the link a notification gives). */
export const POST_PARAM = 'post';

/** The feed's order from the address: "activity" when it says so, otherwise newest first. */
export function feedOrderOf(param: string | null): FeedOrder {
  return (FEED_ORDERS as readonly string[]).includes(param ?? '') ? (param as FeedOrder) : 'newest';
}

/** Every reaction of the fixed set in the bar's order, with a count of zero where nobody has reacted yet. */
export function reactionRow(reactions: readonly ReactionSummary[]): ReactionSummary[] {
  return REACTIONS.map((emoji) => reactions.find((r) => r.emoji === emoji) ?? { emoji, count: 0, mine: false, names: [] });
}

/** "Nina", "Nina and Bram", "Nina, Bram and Ola", with "and 3 others" for reactors the summary only counts. */
export function reactorsText(r: Pick<ReactionSummary, 'count' | 'names'>): string {
  if (r.count === 0) return 'Nobody yet';
  const names = r.names.slice(0, r.count);
  const others = r.count - names.length;
  const parts = others > 0 ? [...names, others === 1 ? '1 other' : `${others} others`] : names;
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** A reaction button's name: what it means and how many chose it ("Like (2)"); whether it is the viewer's is its pressed state. */
export const reactionButtonName = (r: Pick<ReactionSummary, 'emoji' | 'count'>) => `${REACTION_LABELS[r.emoji]} (${r.count})`;

/**
 * The reactions after the viewer adds (`on`) or takes back one emoji, as the server will count them: the count moves
 * by one, the viewer's name joins the names while fewer than the summary shows, and an emoji nobody holds drops out.
 * Adding one already the viewer's, or taking back one that is not, changes nothing.
 */
export function toggledReactions(reactions: readonly ReactionSummary[], emoji: Reaction, on: boolean, myName: string): ReactionSummary[] {
  const current = reactions.find((r) => r.emoji === emoji);
  if ((current?.mine ?? false) === on) return reactions.slice();
  let next: ReactionSummary | null;
  if (on) {
    const base = current ?? { emoji, count: 0, mine: false, names: [] };
    next = { ...base, count: base.count + 1, mine: true, names: base.names.length < REACTION_NAMES_SHOWN ? [...base.names, myName] : base.names };
  } else {
    const base = current!;
    const at = base.names.lastIndexOf(myName);
    next = base.count <= 1 ? null : { ...base, count: base.count - 1, mine: false, names: at < 0 ? base.names : base.names.filter((_, i) => i !== at) };
  }
  const others = reactions.filter((r) => r.emoji !== emoji);
  const all = next ? [...others, next] : others;
  return all.sort((a, b) => REACTIONS.indexOf(a.emoji) - REACTIONS.indexOf(b.emoji));
}

/** The comment count's button text: "Comment" before anyone has, then "1 comment", "12 comments". */
export function commentCountText(n: number): string {
  if (n === 0) return 'Comment';
  return n === 1 ? '1 comment' : `${n.toLocaleString('en-GB')} comments`;
}

/** "123/2,000": how much of a limit the text uses. */
export const counterText = (length: number, max: number) => `${length.toLocaleString('en-GB')}/${max.toLocaleString('en-GB')}`;

/** Cmd+Enter (Mac) or Ctrl+Enter sends a comment; Enter alone starts a new line, and nothing sends mid-composition. */
export function isSendShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; isComposing?: boolean }): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.isComposing;
}

/** One post changed wherever a loaded feed holds it, in a page or among the pinned (the same object back when it holds none). */
export function updatePostIn(feed: InfiniteData<PostPage> | undefined, id: string, change: (p: Post) => Post): InfiniteData<PostPage> | undefined {
  const has = (posts: readonly Post[] | undefined) => !!posts?.some((x) => x.id === id);
  if (!feed || !feed.pages.some((p) => has(p.items) || has(p.pinned))) return feed;
  const apply = (posts: Post[]) => (has(posts) ? posts.map((x) => (x.id === id ? change(x) : x)) : posts);
  return { ...feed, pages: feed.pages.map((p) => ({ ...p, items: apply(p.items), pinned: apply(p.pinned ?? []) })) };
}

/** One comment or reply changed wherever a loaded thread holds it (the same object back when it holds none). */
export function updateCommentIn(thread: InfiniteData<CommentPage> | undefined, id: string, change: (c: Comment) => Comment): InfiniteData<CommentPage> | undefined {
  const holds = (c: CommentThread) => c.id === id || c.replies.some((r) => r.id === id);
  if (!thread || !thread.pages.some((p) => p.items.some(holds))) return thread;
  const apply = (c: CommentThread): CommentThread => {
    const self = c.id === id ? { ...change(c), replies: c.replies } : c;
    return self.replies.some((r) => r.id === id) ? { ...self, replies: self.replies.map((r) => (r.id === id ? change(r) : r)) } : self;
  };
  return { ...thread, pages: thread.pages.map((p) => ({ ...p, items: p.items.map(apply) })) };
}

/** Only what the author changed, so an unchanged field is not sent (and null, nothing to save, for an unchanged post). */
export function postChanges(post: Pick<Post, 'title' | 'content' | 'category'>, fields: Required<PostCreate>): PostEdit | null {
  const edit: { -readonly [K in keyof PostEdit]: PostEdit[K] } = {};
  if (fields.title !== post.title) edit.title = fields.title;
  if (fields.content !== post.content) edit.content = fields.content;
  if (fields.category !== post.category) edit.category = fields.category;
  return Object.keys(edit).length ? edit : null;
}
