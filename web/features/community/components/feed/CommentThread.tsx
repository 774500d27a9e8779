import { Flag, MessagesSquare, Pencil, Reply, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DELETED_COMMENT_TEXT, type Comment, type CommentThread as Thread } from '../../../../../common/schemas/conversations.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { MentionText } from '../../../../components/mentions/MentionText.tsx';
import { LoadErrorNotice } from '../../../../components/load-error.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../../components/query-state.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { errorDetail } from '../../../../lib/api.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { toast } from '../../../../lib/toast.ts';
import { cn } from '../../../../lib/utils.ts';
import { useAddComment, useComments, useDeleteComment, useEditComment } from '../../api/comments.ts';
import { nameParts, postedWhen } from '../../lib/post-display.ts';
import { CommentForm } from './CommentForm.tsx';
import { HiddenMark } from './PostMenu.tsx';
import { ReactionBar } from './ReactionBar.tsx';
import { ReportDialog } from './ReportDialog.tsx';

/** What other members read where a comment hidden by a moderator still has replies. */
const HIDDEN_COMMENT_TEXT = 'This comment was hidden by a moderator';

/**
 * One comment or reply: the author's picture and name, when (and "edited"), the words with safe links and mentions
 * or the deleted line, its reactions, and under it Reply (top-level comments), Edit, Delete and Report as its
 * abilities allow. Hidden by a moderator, it reads whole to its author and the administrators with the mark
 * "Hidden by a moderator"; other members see only a line in its place (when replies keep it there).
 */
function CommentItem({ postId, comment: c, onReply, isReply }: { postId: string; comment: Comment; onReply?: () => void; isReply: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const edit = useEditComment();
  const remove = useDeleteComment();
  const name = c.author?.name ?? 'Former member';
  const what = isReply ? 'reply' : 'comment';
  // hidden from this viewer: the server sent a placeholder without its author and words
  const hiddenFromMe = c.hidden && !c.deleted && !c.author;
  const gone = c.deleted || hiddenFromMe;

  return (
    <article aria-label={c.deleted ? `Deleted ${what}` : hiddenFromMe ? `Hidden ${what}` : `${isReply ? 'Reply' : 'Comment'} by ${name}`} className="flex gap-3">
      {c.author ? (
        <UserAvatar person={{ ...nameParts(c.author.name), profilePicture: c.author.picture }} pictureSize={64} className={isReply ? 'size-7' : 'size-8'} />
      ) : (
        <span className={cn('shrink-0 rounded-full bg-muted', isReply ? 'size-7' : 'size-8')} aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <div className={cn('rounded-lg bg-muted/60 px-3 py-2', c.hidden && !hiddenFromMe && 'border border-dashed border-warning/60')}>
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-[13px]">
            {c.author && <span className="font-semibold">{name}</span>}
            <time dateTime={c.createdAt} title={formatDateTime(c.createdAt)} className="text-muted-foreground">
              {postedWhen(c.createdAt)}
            </time>
            {c.editedAt && !gone && (
              <span className="text-muted-foreground" title={`Edited ${formatDateTime(c.editedAt)}`}>
                · edited
              </span>
            )}
            {c.hidden && !gone && <HiddenMark className="ml-auto self-center" />}
          </p>
          {gone ? (
            <p className="mt-0.5 text-sm italic text-muted-foreground">{c.deleted ? DELETED_COMMENT_TEXT : HIDDEN_COMMENT_TEXT}</p>
          ) : editing ? (
            <div className="mt-2">
              <CommentForm
                label={`Edit your ${what}`}
                initial={c.content}
                submitLabel="Save"
                pendingLabel="Saving…"
                focusOnOpen
                onCancel={() => setEditing(false)}
                onSubmit={async (content) => {
                  if (content !== c.content) await edit.mutateAsync({ id: c.id, content });
                  setEditing(false);
                }}
              />
            </div>
          ) : (
            <p className="mt-0.5 text-sm leading-relaxed text-foreground/90">
              <MentionText text={c.content} />
            </p>
          )}
        </div>
        {!gone && !editing && (
          <div className="mt-1.5 flex flex-wrap items-center gap-x-1 gap-y-1.5">
            <ReactionBar target={{ kind: 'comment', id: c.id, postId }} reactions={c.reactions} canReact={c.can.react} label={`the ${what} by ${name}`} compact />
            {onReply && c.can.reply && (
              <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground" aria-label={`Reply to ${name}`} onClick={onReply}>
                <Reply aria-hidden /> Reply
              </Button>
            )}
            {c.can.edit && (
              <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground" aria-label={`Edit your ${what}`} onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </Button>
            )}
            {c.can.delete && (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-muted-foreground hover:text-destructive"
                aria-label={`Delete the ${what} by ${name}`}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden /> Delete
              </Button>
            )}
            {c.can.report && (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-muted-foreground"
                aria-label={`Report the ${what} by ${name}`}
                onClick={() => setReporting(true)}
              >
                <Flag aria-hidden /> Report
              </Button>
            )}
          </div>
        )}
      </div>
      {c.can.report && <ReportDialog target={reporting ? { type: 'comment', id: c.id, label: `the ${what} by ${name}` } : null} onClose={() => setReporting(false)} />}
      {c.can.delete && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete this ${what}?`}
          description={
            isReply || c.deleted
              ? `The ${what} will be removed for everyone. This cannot be undone.`
              : 'The comment will be removed for everyone; replies to it stay, under “This comment was deleted”. This cannot be undone.'
          }
          destructive
          pending={remove.isPending}
          confirm={
            <>
              {remove.isPending ? <Spinner className="size-4 text-destructive-foreground" label="Deleting" /> : <Trash2 aria-hidden />}
              {`Delete ${isReply ? 'Reply' : 'Comment'}`}
            </>
          }
          onConfirm={() =>
            remove.mutate(c.id, {
              onSuccess: () => toast({ variant: 'success', title: isReply ? 'Reply deleted' : 'Comment deleted' }),
              onError: (e) => toast({ variant: 'destructive', title: `Could not delete the ${what}`, description: errorDetail(e, 'Please try again.') }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </article>
  );
}

/** A top-level comment, its replies indented beneath it, and the reply box when Reply was chosen. */
function CommentWithReplies({ postId, thread }: { postId: string; thread: Thread }) {
  const [replying, setReplying] = useState(false);
  const add = useAddComment(postId);
  const name = thread.author?.name;
  return (
    <li className="grid gap-3">
      <CommentItem postId={postId} comment={thread} isReply={false} onReply={() => setReplying(true)} />
      {(thread.replies.length > 0 || replying) && (
        <div className="ml-11 grid gap-3 border-l-2 border-border pl-3 sm:pl-4">
          {thread.replies.length > 0 && (
            <ol aria-label={name ? `Replies to ${name}` : 'Replies'} className="grid gap-3">
              {thread.replies.map((r) => (
                <li key={r.id}>
                  <CommentItem postId={postId} comment={r} isReply />
                </li>
              ))}
            </ol>
          )}
          {replying && (
            <CommentForm
              label={name ? `Reply to ${name}` : 'Write a reply'}
              placeholder="Write a reply…"
              submitLabel="Reply"
              pendingLabel="Sending…"
              focusOnOpen
              onCancel={() => setReplying(false)}
              onSubmit={async (content) => {
                await add.mutateAsync({ content, parentId: thread.id });
                setReplying(false);
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The conversation under a post: its comments oldest first with their replies, twenty top-level comments at a time
 * ("Load more" for later ones), then the box to write a new one. Loading, empty and failed states in place.
 */
export function CommentThread({ postId, postTitle, id }: { postId: string; postTitle: string; id: string }) {
  const comments = useComments(postId);
  const add = useAddComment(postId);
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section id={id} aria-label={`Comments on ${postTitle}`} className="mt-3 grid gap-4 border-t border-border pt-4">
      <QueryState
        query={comments}
        what="the comments"
        loading={<SkeletonRows count={2} rowClassName="h-14 rounded-lg" label="Loading comments" />}
        error={(retry) => <LoadErrorNotice boxed what="the comments" error={comments.error} onRetry={retry} />}
        isEmpty={(d) => d.pages.every((p) => p.items.length === 0)}
        empty={<EmptyState icon={MessagesSquare} title="No comments yet — start the conversation" className="py-4" titleClassName="text-sm" />}
      >
        {() => (
          <div className="grid gap-4">
            <ol aria-label="Comments" className="grid gap-4">
              {items.map((t) => (
                <CommentWithReplies key={t.id} postId={postId} thread={t} />
              ))}
            </ol>
            {comments.isFetchNextPageError && <LoadErrorNotice boxed what="more comments" error={comments.error} onRetry={() => void comments.fetchNextPage()} />}
            {comments.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" size="sm" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
                  {comments.isFetchingNextPage && <Spinner className="size-3.5" label="Loading more comments" />}
                  {comments.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>
      <CommentForm
        label="Write a comment"
        placeholder="Add to the conversation…"
        submitLabel="Comment"
        pendingLabel="Sending…"
        onSubmit={(content) => add.mutateAsync({ content })}
      />
    </section>
  );
}
