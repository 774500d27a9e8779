import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POST_IMAGE_ERRORS, type PostCategory } from '../../../../common/constants/community.ts';
import type { Post, PostCreate, PostPage } from '../../../../common/schemas/community.ts';
import type { FeedOrder, PostEdit } from '../../../../common/schemas/conversations.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { FEED_PAGE_SIZE, postKeys } from './keys.ts';
export { FEED_PAGE_SIZE, postKeys } from './keys.ts';

/**
 * The feed, newest first or latest activity first, one page of ten at a time ("Load more" asks for the next while
 * there are more, by the cursor of the last page loaded: a post added or deleted meanwhile neither repeats nor skips one).
 */
export function useFeed(category: PostCategory | null, order: FeedOrder = 'newest', enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: postKeys.feed(category, order),
    initialPageParam: { page: 1 } as PagePosition,
    queryFn: ({ pageParam }) => api.get<PostPage>(withQuery('/api/community-posts', { ...pageParam, pageSize: FEED_PAGE_SIZE, order, category })),
    getNextPageParam: (last): PagePosition | undefined => (last.nextCursor ? { page: last.page + 1, after: last.nextCursor } : undefined),
  });
}

/** GET /api/community-posts/{id}: one post as the feed shows it (a 404 when it is gone or was never there). */
export function usePost(id: string | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: postKeys.one(id ?? ''),
    queryFn: () => api.get<Post>(`/api/community-posts/${encodeURIComponent(id ?? '')}`),
  });
}

/** Whether loading a post failed because it is not there (deleted, withdrawn, or a mangled link). */
export const isPostGone = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** A new post's fields, and the image to attach if one was chosen. */
export interface NewPost {
  fields: Required<PostCreate>;
  image: File | null;
}

/** The request body: JSON without an image, a multipart form (title, content, category, image) with one. */
export function postBody(post: NewPost): { json: Required<PostCreate> } | { form: FormData } {
  if (!post.image) return { json: post.fields };
  const form = new FormData();
  form.set('title', post.fields.title);
  form.set('content', post.fields.content);
  form.set('category', post.fields.category);
  form.set('image', post.image, post.image.name);
  return { form };
}

/**
 * The sentence for a failed post: an image refused for its size reads as the image check does; anything else
 * reads 'Failed to create post: ' with the status and the server's text.
 */
export function createPostErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 413) return POST_IMAGE_ERRORS.tooLarge;
  return `Failed to create post: ${err instanceof Error ? err.message : 'Please try again.'}`;
}

/** POST /api/community-posts; on success the feed and the member's points and achievements are refreshed. */
export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => {
      const body = postBody(post);
      return 'form' in body ? api.postForm<Post>('/api/community-posts', body.form) : api.post<Post>('/api/community-posts', body.json);
    },
    onSuccess: () => {
      toast({ variant: 'success', title: 'Post created successfully', description: 'Your post is now in the Discussion Feed.' });
      void changed(client, 'post');
    },
  });
}

/** DELETE /api/community-posts/{id}, offered only where the post says `can.delete`. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: Pick<Post, 'id'>) => api.delete<void>(`/api/community-posts/${encodeURIComponent(post.id)}`),
    onSuccess: () => toast({ variant: 'success', title: 'Post deleted' }),
    onError: (err) => {
      // already gone (someone else removed it): the refresh below makes that visible
      if (err instanceof ApiError && err.status === 404) toast({ title: 'Post deleted', description: 'This post had already been removed.' });
      else toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete post. You can only delete your own posts.' });
    },
    onSettled: () => void changed(client, 'post'),
  });
}

/** PATCH /api/community-posts/{id}: its author changes the title, text or category (the post is then marked edited). */
export function useEditPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: PostEdit }) => api.patch<Post>(`/api/community-posts/${encodeURIComponent(id)}`, edit),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Post updated' });
      void changed(client, 'post');
    },
  });
}

/**
 * POST /api/community-posts/{id}/pin or /unpin (administrators, offered where the post says `can.pin`): the post
 * goes to, or leaves, the top of everyone's feed. Pinning more than MAX_PINNED_POSTS is refused with its reason.
 */
export function usePinPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pin }: { id: string; pin: boolean }) => api.post<Post>(`/api/community-posts/${encodeURIComponent(id)}/${pin ? 'pin' : 'unpin'}`),
    onSuccess: (_post, { pin }) =>
      toast({ variant: 'success', title: pin ? 'Post pinned' : 'Post unpinned', description: pin ? 'It now shows at the top of the Discussion Feed.' : undefined }),
    onError: (err) => toast({ variant: 'destructive', title: 'Could not change the pin', description: err instanceof ApiError ? err.detail : 'Please try again.' }),
    onSettled: () => void changed(client, 'post'),
  });
}
