import { ArrowLeft, MessageSquareOff, MessageSquarePlus, MessagesSquare, PenLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { POST_CATEGORIES, POST_CATEGORY_LABELS, type PostCategory } from '../../../../../common/constants/community.ts';
import { FEED_ORDER_LABELS, FEED_ORDERS, type FeedOrder } from '../../../../../common/schemas/conversations.ts';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { cn } from '../../../../lib/utils.ts';
import { isPostGone, useFeed, usePost } from '../../api/posts.ts';
import { feedOrderOf, ORDER_PARAM, POST_PARAM } from '../../lib/conversations.ts';
import { POST_CATEGORY_TONES } from '../../lib/post-display.ts';
import { PostCard } from './PostCard.tsx';
import { ShareThoughtsDialog } from './ShareThoughtsDialog.tsx';

/** All, then the six categories, as toggle chips (a row that scrolls sideways on a phone). */
function CategoryFilter({ value, onChange }: { value: PostCategory | null; onChange: (c: PostCategory | null) => void }) {
  const chip = (c: PostCategory | null, label: string) => {
    const active = value === c;
    return (
      <button
        key={c ?? 'all'}
        type="button"
        aria-pressed={active}
        onClick={() => onChange(c)}
        className={cn(
          'inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 whitespace-nowrap rounded-full border px-3 text-[13px] font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-foreground hover:bg-accent',
        )}
      >
        {c && <span className={cn('size-2 rounded-full', POST_CATEGORY_TONES[c].dot, active && 'ring-2 ring-primary-foreground/70')} aria-hidden />}
        {label}
      </button>
    );
  };
  return (
    <div role="group" aria-label="Filter posts by category" className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1 [scrollbar-width:thin]">
      {chip(null, 'All')}
      {POST_CATEGORIES.map((c) => chip(c, POST_CATEGORY_LABELS[c]))}
    </div>
  );
}

/** Newest posts first, or the posts with the latest comments first, as two toggle buttons. */
function OrderControl({ value, onChange }: { value: FeedOrder; onChange: (o: FeedOrder) => void }) {
  return (
    <div role="group" aria-label="Order posts by" className="inline-flex w-fit shrink-0 rounded-lg border border-border bg-card p-0.5 shadow-xs">
      {FEED_ORDERS.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={value === o}
          onClick={() => onChange(o)}
          className={cn(
            'h-7 cursor-pointer whitespace-nowrap rounded-md px-3 text-[13px] font-medium transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            value === o ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-accent',
          )}
        >
          {FEED_ORDER_LABELS[o]}
        </button>
      ))}
    </div>
  );
}

function FeedSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="grid grid-cols-1 gap-4" role="status" aria-busy aria-label={count === 1 ? 'Loading the post' : 'Loading posts'}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rounded-xl border border-border bg-card p-5 shadow-card sm:p-6" aria-hidden>
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-3.5 w-36" />
              <Skeleton className="h-3 w-52 max-w-full" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="mt-5 h-4 w-2/3" />
          <Skeleton className="mt-3 h-3.5 w-full" />
          <Skeleton className="mt-2 h-3.5 w-11/12" />
          <Skeleton className="mt-2 h-3.5 w-3/5" />
        </div>
      ))}
    </div>
  );
}

/** "Back to the feed": the same address without the post, so the feed's order stays as it was. */
function BackToFeed() {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.delete(POST_PARAM);
  const search = next.toString();
  return (
    <Button asChild variant="outline" size="sm" className="w-fit">
      <Link to={{ search: search ? `?${search}` : '' }}>
        <ArrowLeft aria-hidden /> Back to the feed
      </Link>
    </Button>
  );
}

/** The post a link named is gone (deleted, withdrawn, or the link is mangled): said plainly, focused like the post would be. */
function PostGone() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="rounded-lg outline-none">
      <EmptyState
        framed
        icon={MessageSquareOff}
        title="This post is no longer available"
        text="It may have been deleted by its author or removed by a moderator."
        className="bg-card"
        action={<BackToFeed />}
      />
    </div>
  );
}

/**
 * One post alone, as a notification's link opens it (`?post=<id>`): the post with its conversation open and the
 * focus on its title, "Back to the feed" above it; a post no longer there says so.
 */
function LinkedPost({ id }: { id: string }) {
  const post = usePost(id);
  if (post.isError && isPostGone(post.error)) return <PostGone />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <BackToFeed />
      <QueryState query={post} what="this post" framed loading={<FeedSkeleton count={1} />}>
        {(p) => <PostCard key={p.id} post={p} linked />}
      </QueryState>
    </div>
  );
}

/**
 * Discussion Feed: the pinned announcements first, then posts newest first or by latest activity (the order is in the
 * address, ?order=activity, like the hub's tab), filtered by category, ten at a time with "Load more"; Share Your
 * Thoughts opens the new-post dialog. With `?post=<id>` in the address it shows that one post alone instead (the
 * link a notification gives).
 */
export function FeedTab() {
  const [params, setParams] = useSearchParams();
  const order = feedOrderOf(params.get(ORDER_PARAM));
  const setOrder = (o: FeedOrder) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (o === 'newest') next.delete(ORDER_PARAM);
        else next.set(ORDER_PARAM, o);
        return next;
      },
      { replace: true },
    );
  const linkedPost = params.get(POST_PARAM);
  const [category, setCategory] = useState<PostCategory | null>(null);
  const [sharing, setSharing] = useState(false);
  // the feed is not read while one post is shown alone
  const feed = useFeed(category, order, linkedPost === null);
  const posts = feed.data?.pages.flatMap((p) => p.items) ?? [];
  // the announcements an administrator pinned come with the whole feed's first page, and are not repeated below
  const pinned = feed.data?.pages[0]?.pinned ?? [];
  const total = feed.data?.pages[0]?.total ?? 0;
  const share = (
    <Button onClick={() => setSharing(true)}>
      <PenLine aria-hidden /> Share Your Thoughts
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-5">
      <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold tracking-tight">Discussion Feed</h2>
          <p className="text-sm text-muted-foreground">Insights, questions and wins from fellow members.</p>
        </div>
        {share}
      </div>

      {linkedPost !== null ? (
        <LinkedPost id={linkedPost} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-2">
            <CategoryFilter value={category} onChange={setCategory} />
            <OrderControl value={order} onChange={setOrder} />
          </div>

          <QueryState
            query={feed}
            what="the discussion feed"
            framed
            loading={<FeedSkeleton />}
            isEmpty={(d) => d.pages.every((p) => p.items.length === 0 && (p.pinned ?? []).length === 0)}
            empty={
              <EmptyState
                framed
                icon={category ? MessagesSquare : MessageSquarePlus}
                title={category ? `No ${POST_CATEGORY_LABELS[category]} posts yet` : 'No posts yet'}
                text={category ? 'Be the first to post in this category, or look at all posts.' : 'Be the first to share your thoughts with the community.'}
                className="bg-card"
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    {share}
                    {category && (
                      <Button variant="outline" onClick={() => setCategory(null)}>
                        Show all posts
                      </Button>
                    )}
                  </div>
                }
              />
            }
          >
            {() => (
              <div className="grid grid-cols-1 gap-4">
                <p className="sr-only" aria-live="polite">
                  Showing {posts.length} of {total} posts
                </p>
                {pinned.length > 0 && (
                  <section aria-label="Pinned announcements" className="grid grid-cols-1 gap-4">
                    {pinned.map((post) => (
                      <PostCard key={post.id} post={post} />
                    ))}
                  </section>
                )}
                {posts.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
                {feed.isFetchNextPageError && <LoadErrorNotice boxed what="more posts" error={feed.error} onRetry={() => void feed.fetchNextPage()} />}
                {feed.hasNextPage ? (
                  <div className="flex justify-center pt-1">
                    <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
                      {feed.isFetchingNextPage && <Spinner className="size-4" label="Loading more posts" />}
                      {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
                    </Button>
                  </div>
                ) : (
                  posts.length > 3 && <p className="py-2 text-center text-sm text-muted-foreground">You’re all caught up.</p>
                )}
              </div>
            )}
          </QueryState>
        </>
      )}

      <ShareThoughtsDialog open={sharing} onOpenChange={setSharing} />
    </div>
  );
}
