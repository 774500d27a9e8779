import { MoreHorizontal, Pencil, Reply, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_LIMITS } from '../../../../common/constants/chat.ts';
import type { ChatMessage } from '../../../../common/schemas/chat.ts';
import { chatMessageUpdateSchema } from '../../../../common/schemas/chat.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MentionText } from '../../../components/mentions/MentionText.tsx';
import { MentionTextarea } from '../../../components/mentions/MentionTextarea.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useDeleteMessage, useEditMessage } from '../api/chat.ts';
import { messageCounter, personName, quoteSnippet, timeOfDay } from '../lib/display.ts';
import { MessageAttachment } from './MessageAttachment.tsx';

/** The element id of a message in the history, so a reply's quote can lead to it. */
export const messageElementId = (id: string) => `chat-message-${id}`;

/**
 * One message: the sender's picture, name and time when it starts a group, the quoted message it replies to, its
 * words with safe links, "(edited)", and the author's Edit and Delete (the owner's or an administrator's Delete) in
 * a menu with Reply. A deleted message keeps its place and says so.
 */
export function MessageItem({
  message: m,
  startsGroup,
  replyTo,
  canReply,
  onReply,
}: {
  message: ChatMessage;
  startsGroup: boolean;
  replyTo: ChatMessage | undefined;
  canReply: boolean;
  onReply: (m: ChatMessage) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const del = useDeleteMessage();
  const name = personName(m.sender);
  const hasActions = !m.isDeleted && (canReply || m.can.edit || m.can.delete);

  return (
    <article
      id={messageElementId(m.id)}
      aria-label={`${name}, ${formatDateTime(m.createdAt)}`}
      className={cn('group relative flex gap-3 rounded-lg px-2 py-0.5 hover:bg-muted/50 focus-within:bg-muted/50 pointer-coarse:pr-9', startsGroup && 'mt-3 pt-1.5')}
    >
      <div className="w-9 shrink-0">
        {startsGroup ? (
          <UserAvatar person={m.sender} pictureSize={64} className="size-9" />
        ) : (
          <time dateTime={m.createdAt} className="hidden pt-1 text-right text-[11px] leading-5 text-muted-foreground group-hover:block">
            {timeOfDay(m.createdAt)}
          </time>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {startsGroup && (
          <p className="flex items-baseline gap-2">
            <span className="text-sm font-semibold">{name}</span>
            <time dateTime={m.createdAt} className="text-xs text-muted-foreground">
              {timeOfDay(m.createdAt)}
            </time>
          </p>
        )}
        {m.replyToId && <ReplyQuote replyTo={replyTo} id={m.replyToId} />}
        {m.isDeleted ? (
          <p className="text-sm italic text-muted-foreground">This message was deleted</p>
        ) : editing ? (
          <EditMessage message={m} onDone={() => setEditing(false)} />
        ) : (
          <>
            {(m.content || m.isEdited) && (
              <p className="text-[15px] leading-relaxed text-foreground/90">
                <MentionText text={m.content} />
                {m.isEdited && <span className="ml-1.5 text-xs text-muted-foreground">(edited)</span>}
              </p>
            )}
            {m.attachment && <MessageAttachment attachment={m.attachment} senderName={name} />}
          </>
        )}
      </div>
      {hasActions && !editing && (
        <div className="absolute right-1 top-1 transition-opacity pointer-fine:right-2 pointer-fine:top-0 pointer-fine:-translate-y-1/3 pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100">
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                className="size-7 text-muted-foreground pointer-fine:border pointer-fine:border-border pointer-fine:bg-card pointer-fine:shadow-sm"
                aria-label={`Actions for the message from ${name} at ${timeOfDay(m.createdAt)}`}
              >
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" onCloseAutoFocus={(e) => e.preventDefault()}>
              {canReply && (
                <DropdownMenuItem
                  onSelect={() => {
                    onReply(m);
                    document.getElementById('chat-composer')?.focus();
                  }}
                >
                  <Reply aria-hidden /> Reply
                </DropdownMenuItem>
              )}
              {m.can.edit && (
                <DropdownMenuItem onSelect={() => setEditing(true)}>
                  <Pencil aria-hidden /> Edit
                </DropdownMenuItem>
              )}
              {m.can.delete && (
                <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden /> Delete
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this message?"
        description="Everyone in the conversation will see “This message was deleted” in its place. This cannot be undone."
        destructive
        pending={del.isPending}
        confirm={
          <>
            <Trash2 aria-hidden /> {del.isPending ? 'Deleting…' : 'Delete'}
          </>
        }
        onConfirm={() =>
          del.mutate(m.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast({ variant: 'success', title: 'Message deleted' });
            },
            onError: (e) => {
              setConfirmDelete(false);
              toast({ variant: 'destructive', title: 'Could not delete the message', description: errorDetail(e, 'Please try again.') });
            },
          })
        }
      />
    </article>
  );
}

function ReplyQuote({ replyTo, id }: { replyTo: ChatMessage | undefined; id: string }) {
  const text = quoteSnippet(replyTo);
  const who = replyTo ? personName(replyTo.sender) : null;
  const body = (
    <>
      {who && <span className="font-medium text-foreground/80">{who}: </span>}
      <span className={cn(replyTo?.isDeleted && 'italic')}>{text}</span>
    </>
  );
  const cls = 'mb-1 mt-0.5 block max-w-full truncate border-l-2 border-primary/40 pl-2 text-left text-[13px] text-muted-foreground';
  if (!replyTo) return <p className={cls}>{body}</p>;
  return (
    <button
      type="button"
      className={cn(cls, 'rounded-r-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring')}
      aria-label={`Go to the message replied to: ${who}: ${text}`}
      onClick={() => {
        const el = document.getElementById(messageElementId(id));
        el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        el?.classList.add('bg-primary-soft');
        setTimeout(() => el?.classList.remove('bg-primary-soft'), 1200);
      }}
    >
      {body}
    </button>
  );
}

function EditMessage({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const [text, setText] = useState(message.content);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditMessage();
  const counter = messageCounter(text.length);
  const box = useRef<HTMLTextAreaElement>(null);
  // Edit chosen from the message's menu: the words are ready to change, the cursor at their end
  useEffect(() => {
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const save = () => {
    const parsed = chatMessageUpdateSchema.safeParse({ content: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the message');
    if (parsed.data.content === message.content) return onDone();
    edit.mutate({ id: message.id, content: parsed.data.content }, { onSuccess: onDone, onError: (e) => setError(errorDetail(e, 'Could not save the message.')) });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      save();
    }
  };
  return (
    <div className="mt-1 grid gap-2">
      <MentionTextarea
        aria-label="Edit message"
        ref={box}
        rows={Math.min(6, Math.max(2, text.split('\n').length))}
        value={text}
        maxLength={CHAT_LIMITS.message.max + 100}
        className="min-h-16"
        onChange={(stored) => {
          setText(stored);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `edit-${message.id}-error` : undefined}
        disabled={edit.isPending}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={save} disabled={edit.isPending || !text.trim()}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <span className="text-xs text-muted-foreground">Enter to save · Esc to cancel</span>
        {counter && <span className="ml-auto text-xs tabular-nums text-muted-foreground">{counter}</span>}
      </div>
      {error && (
        <p id={`edit-${message.id}-error`} role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
