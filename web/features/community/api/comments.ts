import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Post, PostPage } from '../../../../common/schemas/community.ts';
import type { Comment, CommentCreate, CommentPage, Reaction, ReactionsAnswer, ReactionSummary } from '../../../../common/schemas/conversations.ts';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { changed } from '../../../lib/changes.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toggledReactions, updateCommentIn, updatePostIn } from '../lib/conversations.ts';
import { COMMENT_PAGE_SIZE, isFeedKey, postKeys } from './keys.ts';

const commentsPath = (postId: string) => `/api/community-posts/${encodeURIComponent(postId)}/comments`;
const commentPath = (id: string) => `/api/comments/${encodeURIComponent(id)}`;

/**
 * A post's comments, oldest first, each top-level comment with all its replies; "Load more" asks for the next
 * twenty by the cursor of the last page (by its number where the answer carries no cursor). Asked for only once the
 * thread is opened.
 */
export function useComments(postId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    enabled,
    initialPageParam: { page: 1 } as PagePosition,
    queryFn: ({ pageParam }) => api.get<CommentPage>(withQuery(commentsPath(postId), { ...pageParam, pageSize: COMMENT_PAGE_SIZE })),
    getNextPageParam: (last): PagePosition | undefined => {
      if (last.nextCursor) return { page: last.page + 1, after: last.nextCursor };
      if (last.nextCursor === undefined && last.page * last.pageSize < last.total) return { page: last.page + 1 };
      return undefined;
    },
  });
}

/*
 * A comment changes its post's count and latest activity, so every comment mutation says 'post': the feed and the
 * open threads beneath it refresh.
 */

/** POST /api/community-posts/{id}/comments: a comment, or a reply to a top-level comment (`parentId`). */
export function useAddComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: CommentCreate) => api.post<Comment>(commentsPath(postId), comment),
    onSuccess: () => void changed(client, 'post'),
  });
}

/** PATCH /api/comments/{id}: its author rewrites it (then shown as edited). */
export function useEditComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => api.patch<Comment>(commentPath(id), { content }),
    onSuccess: () => void changed(client, 'post'),
  });
}

/** DELETE /api/comments/{id}, offered where the comment says `can.delete`; refreshed either way (it may already be gone). */
export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(commentPath(id)),
    onSettled: () => void changed(client, 'post'),
  });
}

/** What a reaction is left on: a post, or a comment of a post. */
export type ReactionTarget = { kind: 'post'; id: string } | { kind: 'comment'; id: string; postId: string };

/** The reactions path of a post or comment, the emoji encoded for the address. */
export function reactionPath(target: ReactionTarget, emoji: Reaction): string {
  const base = target.kind === 'post' ? `/api/community-posts/${encodeURIComponent(target.id)}` : commentPath(target.id);
  return `${base}/reactions/${encodeURIComponent(emoji)}`;
}

/** Changes the reactions of a post or comment in every loaded feed or thread that holds it. */
function setReactions(client: QueryClient, target: ReactionTarget, change: (reactions: ReactionSummary[]) => ReactionSummary[]) {
  if (target.kind === 'post') {
    client.setQueriesData<InfiniteData<PostPage>>({ queryKey: postKeys.all, predicate: (q) => isFeedKey(q.queryKey) }, (feed) =>
      updatePostIn(feed, target.id, (p) => ({ ...p, reactions: change(p.reactions) })),
    );
    client.setQueryData<Post>(postKeys.one(target.id), (post) => post && { ...post, reactions: change(post.reactions) });
  } else {
    client.setQueryData<InfiniteData<CommentPage>>(postKeys.comments(target.postId), (thread) =>
      updateCommentIn(thread, target.id, (c) => ({ ...c, reactions: change(c.reactions) })),
    );
  }
}

/**
 * PUT (add) or DELETE (take back) one of the viewer's reactions. The bar changes at once wherever the post or
 * comment is loaded, then takes the server's counts from the answer; after a refusal (said in a toast by the
 * caller) the feed and threads are read again. A reaction changes nothing else, so nothing else refreshes.
 */
export function useReaction(target: ReactionTarget) {
  const client = useQueryClient();
  const me = useCurrentUser().data;
  const myName = me ? `${me.firstName} ${me.lastName}`.trim() : '';
  return useMutation({
    mutationFn: ({ emoji, on }: { emoji: Reaction; on: boolean }) =>
      on ? api.put<ReactionsAnswer>(reactionPath(target, emoji)) : api.delete<ReactionsAnswer>(reactionPath(target, emoji)),
    onMutate: ({ emoji, on }) => {
      setReactions(client, target, (reactions) => toggledReactions(reactions, emoji, on, myName));
    },
    onSuccess: (answer) => setReactions(client, target, () => answer.reactions),
    onError: () => void changed(client, 'post'),
  });
}
