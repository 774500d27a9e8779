import { MessagesSquare, Pencil, Reply, SendHorizontal, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { COMMUNITY_LIMITS } from '../../../../../common/constants/community.ts';
import { commentEditSchema, DELETED_COMMENT_TEXT, type Comment, type CommentThread as Thread } from '../../../../../common/schemas/conversations.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { LinkifiedText } from '../../../../components/linkified-text.tsx';
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
import { counterText, isSendShortcut } from '../../lib/conversations.ts';
import { nameParts, postedWhen } from '../../lib/post-display.ts';
import { ReactionBar } from './ReactionBar.tsx';

const MAX = COMMUNITY_LIMITS.commentContent.max;

/**
 * Writing a comment, a reply or an edit: a labelled box with the characters used of the limit; Cmd+Enter or
 * Ctrl+Enter sends (Enter alone is a new line, as comments run to paragraphs); Escape cancels where there is a
 * Cancel. The text is checked by the shared schema before it goes, and a refusal is said under the box.
 */
function CommentForm({
  label,
  placeholder,
  initial = '',
  submitLabel,
  pendingLabel,
  focusOnOpen = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  placeholder?: string;
  initial?: string;
  submitLabel: string;
  pendingLabel: string;
  focusOnOpen?: boolean;
  /** Sends the checked text; resolves when the server has it (the box then empties), rejects with the refusal. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const over = text.length > MAX;

  useEffect(() => {
    if (!focusOnOpen) return;
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, [focusOnOpen]);

  const submit = async () => {
    if (busy) return;
    const parsed = commentEditSchema.safeParse({ content: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the comment');
    setBusy(true);
    try {
      await onSubmit(parsed.data.content);
      setText('');
      setError(null);
    } catch (e) {
      setError(errorDetail(e, 'Could not save the comment. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendShortcut({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, isComposing: e.nativeEvent.isComposing })) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      noValidate
      aria-label={label}
      className="grid gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="text-[13px] font-medium">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={box}
        value={text}
        rows={Math.min(6, Math.max(2, text.split('\n').length))}
        placeholder={placeholder}
        disabled={busy}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ''}${id}-hint`}
        className="max-h-48 min-h-16 w-full resize-y rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/30 disabled:opacity-60 aria-invalid:border-destructive"
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {error && (
          <p id={`${id}-error`} role="alert" className="text-[13px] font-medium text-destructive">
            {error}
          </p>
        )}
        <p id={`${id}-hint`} className="mr-auto text-xs text-muted-foreground">
          <span className={cn('tabular-nums', over && 'font-medium text-destructive')}>{counterText(text.length, MAX)}</span>
          <span className="hidden sm:inline"> · Ctrl+Enter or ⌘+Enter to send</span>
        </p>
        <div className="ml-auto flex gap-2">
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" disabled={busy || over || !text.trim()}>
            {busy ? <Spinner className="size-3.5 text-primary-foreground" label={pendingLabel} /> : <SendHorizontal aria-hidden />}
            {busy ? pendingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * One comment or reply: the author's picture and name, when (and "edited"), the words with safe links or the
 * deleted line, its reactions, and under it Reply (top-level comments), Edit and Delete as its abilities allow.
 */
function CommentItem({ postId, comment: c, onReply, isReply }: { postId: string; comment: Comment; onReply?: () => void; isReply: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment();
  const remove = useDeleteComment();
  const name = c.author?.name ?? 'Former member';
  const what = isReply ? 'reply' : 'comment';

  return (
    <article aria-label={c.deleted ? `Deleted ${what}` : `${isReply ? 'Reply' : 'Comment'} by ${name}`} className="flex gap-3">
      {c.author ? (
        <UserAvatar person={{ ...nameParts(c.author.name), profilePicture: c.author.picture }} pictureSize={64} className={isReply ? 'size-7' : 'size-8'} />
      ) : (
        <span className={cn('shrink-0 rounded-full bg-muted', isReply ? 'size-7' : 'size-8')} aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <div className="rounded-lg bg-muted/60 px-3 py-2">
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-[13px]">
            {c.author && <span className="font-semibold">{name}</span>}
            <time dateTime={c.createdAt} title={formatDateTime(c.createdAt)} className="text-muted-foreground">
              {postedWhen(c.createdAt)}
            </time>
            {c.editedAt && !c.deleted && (
              <span className="text-muted-foreground" title={`Edited ${formatDateTime(c.editedAt)}`}>
                · edited
              </span>
            )}
          </p>
          {c.deleted ? (
            <p className="mt-0.5 text-sm italic text-muted-foreground">{DELETED_COMMENT_TEXT}</p>
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
              <LinkifiedText text={c.content} />
            </p>
          )}
        </div>
        {!c.deleted && !editing && (
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
          </div>
        )}
      </div>
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
