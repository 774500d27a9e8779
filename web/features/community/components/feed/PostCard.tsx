import { MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { POST_CATEGORY_LABELS } from '../../../../../common/constants/community.ts';
import type { Post } from '../../../../../common/schemas/community.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { MentionText } from '../../../../components/mentions/MentionText.tsx';
import { SkeletonRows } from '../../../../components/query-state.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { cn } from '../../../../lib/utils.ts';
import { useDeletePost } from '../../api/posts.ts';
import { commentCountText } from '../../lib/conversations.ts';
import { nameParts, POST_CATEGORY_TONES, postedWhen, roleLine } from '../../lib/post-display.ts';
import { EditPostDialog } from './EditPostDialog.tsx';
import { HiddenMark, PinnedMark, PostMenu } from './PostMenu.tsx';
import { ReactionBar } from './ReactionBar.tsx';
import { ReportDialog } from './ReportDialog.tsx';

/** The conversation under a post loads with its first opening, so the feed's own chunk stays as small as it was. */
const CommentThread = lazy(async () => ({ default: (await import('./CommentThread.tsx')).CommentThread }));

/** A category as a coloured pill. */
export function CategoryBadge({ category }: { category: Post['category'] }) {
  return (
    <span className={cn('inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium', POST_CATEGORY_TONES[category].badge)}>
      {POST_CATEGORY_LABELS[category]}
    </span>
  );
}

/**
 * The post's text, cut at six lines with "Show more" when it runs longer (measured on screen, so it holds at any
 * width); "Show less" folds it again.
 */
function PostContent({ id, text }: { id: string; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, text]);

  return (
    <div>
      <div ref={ref} id={id} className={cn('text-[15px] leading-relaxed text-foreground/90', !expanded && 'line-clamp-6')}>
        <MentionText text={text} />
      </div>
      {(overflows || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
          className="mt-1 cursor-pointer rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

/** The post's picture; if it cannot be loaded it is left out rather than shown broken. */
function PostImage({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <div className="mt-4 overflow-hidden rounded-lg border border-border bg-muted">
      <img src={src} alt={`Attached to “${title}”`} loading="lazy" decoding="async" onError={() => setFailed(true)} className="max-h-[28rem] w-full object-contain" />
    </div>
  );
}

/**
 * One post of the feed: author (picture or initials, name, job title and company), when (and "edited"), category
 * (and "Pinned", or "Hidden by a moderator" for its author and the administrators), title, the text with its links
 * and mentions, the picture if any; Edit and Delete for those allowed to (Delete after a confirmation), and under
 * "More actions" Pin/Unpin (administrators) and Report (someone else's post); its reactions, and the comment count
 * that opens the conversation beneath it. Opened from a link to it (`linked`), the conversation starts open and the
 * focus moves to its title, so a keyboard or screen reader user lands on the post the link named.
 */
export function PostCard({ post, linked = false }: { post: Post; linked?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [showComments, setShowComments] = useState(linked);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const remove = useDeletePost();
  const role = roleLine(post.authorJobTitle, post.authorCompany);
  const titleId = `post-${post.id}-title`;
  const threadId = `post-${post.id}-comments`;

  useEffect(() => {
    if (linked) titleRef.current?.focus();
  }, [linked, post.id]);

  return (
    <article
      className={cn(
        'rounded-xl border border-border bg-card p-5 text-card-foreground shadow-card sm:p-6',
        post.pinnedAt && 'border-primary/50 bg-primary/[0.03] ring-1 ring-primary/20',
        post.hidden && 'border-dashed border-warning/60 bg-muted/40',
      )}
      aria-labelledby={titleId}
    >
      <header className="flex items-start gap-3">
        <UserAvatar person={{ ...nameParts(post.authorName), profilePicture: post.authorPicture }} className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold" title={post.authorName}>
            {post.authorName}
          </p>
          <p className="flex min-w-0 text-[13px] text-muted-foreground">
            {role && (
              <span className="truncate" title={role}>
                {role}
              </span>
            )}
            {role && (
              <span className="shrink-0 px-1" aria-hidden>
                ·
              </span>
            )}
            <time className="shrink-0" dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
              {postedWhen(post.createdAt)}
            </time>
            {post.editedAt && (
              <span className="shrink-0 pl-1" title={`Edited ${formatDateTime(post.editedAt)}`}>
                · edited
              </span>
            )}
          </p>
        </div>
        {(post.can.edit || post.can.delete || post.can.pin || post.can.report) && (
          <div className="-mr-2 -mt-1 flex shrink-0">
            <PostMenu post={post} onReport={() => setReporting(true)} />
            {post.can.edit && (
              <Button variant="ghost" size="icon-sm" className="text-muted-foreground" aria-label={`Edit post: ${post.title}`} onClick={() => setEditing(true)}>
                <Pencil aria-hidden />
              </Button>
            )}
            {post.can.delete && (
              <Button
                variant="ghost"
                size="icon-sm"
                className="text-muted-foreground hover:text-destructive"
                aria-label={`Delete post: ${post.title}`}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden />
              </Button>
            )}
          </div>
        )}
      </header>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {post.pinnedAt && <PinnedMark />}
        <CategoryBadge category={post.category} />
        {post.hidden && <HiddenMark />}
      </div>
      <h3
        id={titleId}
        ref={titleRef}
        tabIndex={linked ? -1 : undefined}
        className="mt-2 break-words rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring text-base font-semibold leading-snug sm:text-[17px]"
      >
        {post.title}
      </h3>
      <div className="mt-1.5">
        <PostContent id={`post-${post.id}-content`} text={post.content} />
      </div>
      {post.imageUrl && <PostImage src={post.imageUrl} title={post.title} />}
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t border-border pt-3">
        <ReactionBar target={{ kind: 'post', id: post.id }} reactions={post.reactions} label={`the post ${post.title}`} />
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 ml-auto text-muted-foreground"
          aria-label={`${commentCountText(post.commentCount)} on ${post.title}`}
          aria-expanded={showComments}
          aria-controls={showComments ? threadId : undefined}
          onClick={() => setShowComments((s) => !s)}
        >
          <MessageCircle aria-hidden /> {commentCountText(post.commentCount)}
        </Button>
      </footer>
      {showComments && (
        <Suspense fallback={<SkeletonRows count={2} rowClassName="h-14 rounded-lg" className="mt-4" label="Loading comments" />}>
          <CommentThread id={threadId} postId={post.id} postTitle={post.title} />
        </Suspense>
      )}
      {post.can.report && (
        <ReportDialog target={reporting ? { type: 'post', id: post.id, label: `the post “${post.title}”` } : null} onClose={() => setReporting(false)} />
      )}
      {post.can.edit && <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />}
      {post.can.delete && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this post?"
          description={`“${post.title}” will be removed from the Discussion Feed for everyone. This cannot be undone.`}
          destructive
          pending={remove.isPending}
          confirm={
            <>
              {remove.isPending ? <Spinner className="size-4 text-destructive-foreground" label="Deleting" /> : <Trash2 aria-hidden />}
              Delete Post
            </>
          }
          onConfirm={() => remove.mutate(post, { onSettled: () => setConfirming(false) })}
        />
      )}
    </article>
  );
}
