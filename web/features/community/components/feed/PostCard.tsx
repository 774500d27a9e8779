import { Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { POST_CATEGORY_LABELS } from '../../../../../common/constants/community.ts';
import type { Post } from '../../../../../common/schemas/community.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { LinkifiedText } from '../../../../components/linkified-text.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { cn } from '../../../../lib/utils.ts';
import { useDeletePost } from '../../api/posts.ts';
import { nameParts, POST_CATEGORY_TONES, postedWhen, roleLine } from '../../lib/post-display.ts';

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
        <LinkifiedText text={text} />
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
 * One post of the feed: author (picture or initials, name, job title and company), when, category, title, the
 * text with its links, the picture if any, and Delete for those allowed to (after a confirmation).
 */
export function PostCard({ post }: { post: Post }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost();
  const role = roleLine(post.authorJobTitle, post.authorCompany);
  const titleId = `post-${post.id}-title`;

  return (
    <article className="rounded-xl border border-border bg-card p-5 text-card-foreground shadow-card sm:p-6" aria-labelledby={titleId}>
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
          </p>
        </div>
        {post.can.delete && (
          <Button
            variant="ghost"
            size="icon-sm"
            className="-mr-2 -mt-1 shrink-0 text-muted-foreground hover:text-destructive"
            aria-label={`Delete post: ${post.title}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </header>
      <div className="mt-4">
        <CategoryBadge category={post.category} />
      </div>
      <h3 id={titleId} className="mt-2 break-words text-base font-semibold leading-snug sm:text-[17px]">
        {post.title}
      </h3>
      <div className="mt-1.5">
        <PostContent id={`post-${post.id}-content`} text={post.content} />
      </div>
      {post.imageUrl && <PostImage src={post.imageUrl} title={post.title} />}
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
