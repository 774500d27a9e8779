import { describe, expect, it } from 'vitest';
import type { Post, PostPage } from '../../../../common/schemas/community.ts';
import { REACTION_NAMES_SHOWN, REACTIONS, type Comment, type CommentPage, type ReactionSummary } from '../../../../common/schemas/conversations.ts';
import { isCommentsKey, isFeedKey, postKeys } from '../api/keys.ts';
import { reactionPath } from '../api/comments.ts';
import {
  commentCountText,
  counterText,
  feedOrderOf,
  isSendShortcut,
  postChanges,
  reactionButtonName,
  reactionRow,
  reactorsText,
  toggledReactions,
  updateCommentIn,
  updatePostIn,
} from './conversations.ts';

const like = (over: Partial<ReactionSummary> = {}): ReactionSummary => ({ emoji: '👍', count: 1, mine: false, names: ['Nina Poster'], ...over });

describe('feedOrderOf', () => {
  it('reads "activity" from the address and anything else as newest first', () => {
    expect(feedOrderOf('activity')).toBe('activity');
    expect(feedOrderOf('newest')).toBe('newest');
    expect(feedOrderOf(null)).toBe('newest');
    expect(feedOrderOf('oldest')).toBe('newest');
  });
});

describe('reactionRow', () => {
  it('shows all four reactions in their fixed order, with zero where nobody reacted', () => {
    const row = reactionRow([{ emoji: '💡', count: 2, mine: true, names: ['A', 'B'] }]);
    expect(row.map((r) => r.emoji)).toEqual([...REACTIONS]);
    expect(row.map((r) => r.count)).toEqual([0, 0, 2, 0]);
    expect(row[2].mine).toBe(true);
  });
});

describe('reactorsText', () => {
  it('names up to the names given and counts the rest', () => {
    expect(reactorsText({ count: 1, names: ['Nina'] })).toBe('Nina');
    expect(reactorsText({ count: 2, names: ['Nina', 'Bram'] })).toBe('Nina and Bram');
    expect(reactorsText({ count: 3, names: ['Nina', 'Bram', 'Ola'] })).toBe('Nina, Bram and Ola');
    expect(reactorsText({ count: 6, names: ['A', 'B', 'C', 'D', 'E'] })).toBe('A, B, C, D, E and 1 other');
    expect(reactorsText({ count: 8, names: ['A', 'B'] })).toBe('A, B and 6 others');
    expect(reactorsText({ count: 0, names: [] })).toBe('Nobody yet');
  });
  it('gives a button a name with its meaning and count', () => {
    expect(reactionButtonName({ emoji: '❤️', count: 3 })).toBe('Love (3)');
    expect(reactionButtonName({ emoji: '👍', count: 0 })).toBe('Like (0)');
  });
});

describe('toggledReactions', () => {
  it('adds the viewer to an emoji others hold', () => {
    const [r] = toggledReactions([like()], '👍', true, 'Bram Connector');
    expect(r).toEqual({ emoji: '👍', count: 2, mine: true, names: ['Nina Poster', 'Bram Connector'] });
  });

  it('adds a new emoji in the bar order, and drops it again when the viewer takes it back', () => {
    const added = toggledReactions([{ emoji: '❤️', count: 1, mine: false, names: ['X'] }], '🎉', true, 'Me');
    expect(added.map((r) => r.emoji)).toEqual(['🎉', '❤️']);
    expect(added[0]).toEqual({ emoji: '🎉', count: 1, mine: true, names: ['Me'] });
    expect(toggledReactions(added, '🎉', false, 'Me').map((r) => r.emoji)).toEqual(['❤️']);
  });

  it('takes the viewer away from an emoji others still hold', () => {
    const [r] = toggledReactions([like({ count: 2, mine: true, names: ['Nina Poster', 'Me'] })], '👍', false, 'Me');
    expect(r).toEqual({ emoji: '👍', count: 1, mine: false, names: ['Nina Poster'] });
  });

  it('counts but does not name the viewer once the summary names as many as it shows', () => {
    const names = Array.from({ length: REACTION_NAMES_SHOWN }, (_, i) => `M${i}`);
    const [r] = toggledReactions([like({ count: 9, names })], '👍', true, 'Me');
    expect(r.count).toBe(10);
    expect(r.names).toEqual(names);
  });

  it('changes nothing when the reaction is already as asked', () => {
    const mine = [like({ mine: true, names: ['Me'] })];
    expect(toggledReactions(mine, '👍', true, 'Me')).toEqual(mine);
    expect(toggledReactions([like()], '👍', false, 'Me')).toEqual([like()]);
    expect(toggledReactions([], '💡', false, 'Me')).toEqual([]);
  });
});

describe('texts and keys', () => {
  it('says the comment count as a button reads', () => {
    expect(commentCountText(0)).toBe('Comment');
    expect(commentCountText(1)).toBe('1 comment');
    expect(commentCountText(1234)).toBe('1,234 comments');
  });
  it('shows the characters used of the limit', () => {
    expect(counterText(12, 2000)).toBe('12/2,000');
  });
  it('sends on Ctrl+Enter or Cmd+Enter only, never while composing', () => {
    expect(isSendShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: true, metaKey: false, isComposing: true })).toBe(false);
    expect(isSendShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });
  it('keeps the feeds and every thread under the posts path, told apart by their parameters', () => {
    const feed = postKeys.feed(null, 'activity');
    const thread = postKeys.comments('p1');
    expect(feed[0]).toBe(postKeys.all[0]);
    expect(thread[0]).toBe(postKeys.all[0]);
    expect(isFeedKey(feed)).toBe(true);
    expect(isFeedKey(thread)).toBe(false);
    expect(isCommentsKey(thread, 'p1')).toBe(true);
    expect(isCommentsKey(thread, 'p2')).toBe(false);
    expect(isCommentsKey(feed)).toBe(false);
    expect(postKeys.feed(null, 'newest')).not.toEqual(feed);
  });
  it('puts the emoji in a reaction path encoded', () => {
    expect(reactionPath({ kind: 'post', id: 'p1' }, '❤️')).toBe('/api/community-posts/p1/reactions/%E2%9D%A4%EF%B8%8F');
    expect(reactionPath({ kind: 'comment', id: 'c1', postId: 'p1' }, '👍')).toBe('/api/comments/c1/reactions/%F0%9F%91%8D');
  });
});

describe('postChanges', () => {
  const post = { title: 'Hello', content: 'World', category: 'tips' as const };
  it('sends only the fields that changed', () => {
    expect(postChanges(post, { ...post, title: 'Hello again' })).toEqual({ title: 'Hello again' });
    expect(postChanges(post, { title: 'Hello', content: 'Everyone', category: 'news' })).toEqual({ content: 'Everyone', category: 'news' });
  });
  it('answers null when nothing changed', () => {
    expect(postChanges(post, { ...post })).toBeNull();
  });
});

const stamp = '2026-11-20T10:00:00.000Z';
const comment = (id: string, over: Partial<Comment> = {}): Comment => ({
  id,
  postId: 'p1',
  parentId: null,
  author: { id: 'u1', name: 'Nina Poster', picture: null },
  content: `comment ${id}`,
  deleted: false,
  hidden: false,
  createdAt: stamp,
  editedAt: null,
  reactions: [],
  can: { edit: false, delete: false, reply: true, react: true, report: true },
  ...over,
});

describe('updateCommentIn', () => {
  const thread = {
    pages: [
      {
        items: [
          { ...comment('c1'), replies: [comment('r1', { parentId: 'c1' })] },
          { ...comment('c2'), replies: [] },
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      },
    ],
    pageParams: [{ page: 1 }],
  } satisfies { pages: CommentPage[]; pageParams: unknown[] };

  it('changes a reply inside its comment, leaving the others as they were', () => {
    const next = updateCommentIn(thread, 'r1', (c) => ({ ...c, content: 'changed' }))!;
    expect(next.pages[0].items[0].replies[0].content).toBe('changed');
    expect(next.pages[0].items[0].content).toBe('comment c1');
    expect(next.pages[0].items[1]).toBe(thread.pages[0].items[1]);
  });

  it('changes a top-level comment and keeps its replies', () => {
    const next = updateCommentIn(thread, 'c1', (c) => ({ ...c, content: 'changed' }))!;
    expect(next.pages[0].items[0].content).toBe('changed');
    expect(next.pages[0].items[0].replies).toHaveLength(1);
  });

  it('gives the same data back when it holds no such comment', () => {
    expect(updateCommentIn(thread, 'nope', (c) => c)).toBe(thread);
    expect(updateCommentIn(undefined, 'c1', (c) => c)).toBeUndefined();
  });
});

describe('updatePostIn', () => {
  const post = { id: 'p1', reactions: [] } as unknown as Post;
  const other = { id: 'p2', reactions: [] } as unknown as Post;
  const pinned = { id: 'p3', reactions: [] } as unknown as Post;
  const feed = { pages: [{ items: [post, other], pinned: [pinned], total: 2, page: 1, pageSize: 10 } as PostPage], pageParams: [{ page: 1 }] };
  it('changes the post where it is and nothing else', () => {
    const next = updatePostIn(feed, 'p1', (p) => ({ ...p, commentCount: 3 }))!;
    expect(next.pages[0].items[0].commentCount).toBe(3);
    expect(next.pages[0].items[1]).toBe(other);
    expect(next.pages[0].pinned[0]).toBe(pinned);
    expect(updatePostIn(feed, 'p9', (p) => p)).toBe(feed);
  });
  it('changes a pinned post at the top of the feed', () => {
    const next = updatePostIn(feed, 'p3', (p) => ({ ...p, commentCount: 1 }))!;
    expect(next.pages[0].pinned[0].commentCount).toBe(1);
    expect(next.pages[0].items).toBe(feed.pages[0].items);
  });
});
