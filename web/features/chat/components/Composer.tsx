import { FileText, ImageIcon, Paperclip, SendHorizontal, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_ATTACHMENT_ACCEPT, CHAT_ATTACHMENT_ERRORS, CHAT_ATTACHMENT_LIMITS } from '../../../../common/constants/chat-attachments.ts';
import { CHAT_LIMITS } from '../../../../common/constants/chat.ts';
import type { ChatMessage } from '../../../../common/schemas/chat.ts';
import { chatMessageCreateSchema } from '../../../../common/schemas/chat.ts';
import { MentionTextarea } from '../../../components/mentions/MentionTextarea.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { cn } from '../../../lib/utils.ts';
import { useSendMessage } from '../api/chat.ts';
import { fileSize, messageCounter, personName, quoteSnippet } from '../lib/display.ts';

/** The file types the picker offers; what the server takes is decided by the bytes. */
const ATTACHABLE = /^(image\/(jpeg|png|webp|gif)|application\/pdf)$/;

/** Why a chosen file cannot be sent, said before it is uploaded (the server checks again, by its bytes). */
function fileProblem(file: File): string | null {
  if (file.size === 0) return CHAT_ATTACHMENT_ERRORS.empty;
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!ATTACHABLE.test(file.type) && !pdf) return CHAT_ATTACHMENT_ERRORS.badType;
  if (file.size > CHAT_ATTACHMENT_LIMITS.bytes) return CHAT_ATTACHMENT_ERRORS.tooLarge;
  if (!pdf && file.size > CHAT_ATTACHMENT_LIMITS.imageBytes) return CHAT_ATTACHMENT_ERRORS.imageTooLarge;
  return null;
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; `@` and a name mention a member. Attach picks one
 * image or PDF, shown above the box with a button to remove it; Send waits for words or a file. The counter shows
 * near the limit, a reply shows what it answers, and a refusal (too long, a file refused, too many a minute) is said
 * under the box.
 */
export function Composer({
  channelId,
  channelName,
  meId,
  replyTo,
  onCancelReply,
  onSent,
}: {
  channelId: string;
  channelName: string;
  meId: string;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(channelId, meId);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const counter = messageCounter(text.length);
  const over = text.trim().length > CHAT_LIMITS.message.max;
  const empty = !text.trim() && !file;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setError(problem);
    if (!problem) setFile(chosen);
    box.current?.focus();
  };
  const removeFile = () => {
    setFile(null);
    setError(null);
    box.current?.focus();
  };

  const submit = () => {
    if (empty || send.isPending) return;
    let message: { content: string; replyToId: string | null };
    if (file && !text.trim()) message = { content: '', replyToId: replyTo?.id ?? null };
    else {
      const parsed = chatMessageCreateSchema.safeParse({ content: text, replyToId: replyTo?.id ?? null });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the message');
      message = { content: parsed.data.content, replyToId: parsed.data.replyToId ?? null };
    }
    send.mutate(
      { ...message, file },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
          setError(null);
          onCancelReply();
          onSent();
          box.current?.focus();
        },
        onError: (e) => setError(errorDetail(e, 'Could not send the message. Please try again.')),
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && replyTo) {
      e.preventDefault();
      onCancelReply();
    }
  };
  const lines = Math.min(6, Math.max(1, text.split('\n').length));

  return (
    <div className="border-t border-border bg-card px-3 pb-3 pt-2 sm:px-4">
      {replyTo && (
        <div className="mb-2 flex items-center gap-2 rounded-md bg-muted px-3 py-1.5 text-[13px]">
          <span className="min-w-0 flex-1 truncate text-muted-foreground">
            Replying to <span className="font-medium text-foreground">{personName(replyTo.sender)}</span>: {quoteSnippet(replyTo, 80)}
          </span>
          <Button variant="ghost" size="icon-sm" className="size-6" aria-label="Cancel reply" onClick={onCancelReply}>
            <X aria-hidden />
          </Button>
        </div>
      )}
      {file && (
        <div className="mb-2 flex w-fit max-w-full items-center gap-2 rounded-md border border-border bg-muted/60 py-1 pl-2.5 pr-1 text-[13px]">
          {file.type.startsWith('image/') ? (
            <ImageIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          ) : (
            <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          )}
          <span className="min-w-0 truncate font-medium" title={file.name}>
            {file.name}
          </span>
          <span className="shrink-0 text-muted-foreground">{fileSize(file.size)}</span>
          <Button variant="ghost" size="icon-sm" className="size-6 shrink-0" aria-label={`Remove ${file.name}`} onClick={removeFile} disabled={send.isPending}>
            <X aria-hidden />
          </Button>
        </div>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          ref={picker}
          id="chat-attachment"
          type="file"
          accept={CHAT_ATTACHMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="shrink-0 text-muted-foreground"
          aria-label={file ? 'Replace the attached file' : 'Attach an image or PDF'}
          title="Attach an image or PDF (up to 10 MB)"
          onClick={() => picker.current?.click()}
          disabled={send.isPending}
        >
          <Paperclip aria-hidden />
        </Button>
        <label htmlFor="chat-composer" className="sr-only">
          Message {channelName}
        </label>
        {/* the member list opens above the box: the composer sits at the bottom of the screen */}
        <div className="min-w-0 flex-1 [&_[role=listbox]]:bottom-full [&_[role=listbox]]:top-auto [&_[role=listbox]]:mb-1 [&_[role=listbox]]:mt-0">
          <MentionTextarea
            id="chat-composer"
            ref={box}
            rows={lines}
            value={text}
            placeholder={`Message ${channelName}`}
            onChange={(stored) => {
              setText(stored);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={error || over ? true : undefined}
            aria-describedby={error ? 'chat-composer-error' : 'chat-composer-hint'}
            className="field-sizing-content max-h-40 min-h-10 resize-none bg-background text-[15px] leading-6 shadow-sm"
          />
        </div>
        <Button type="submit" size="icon" aria-label="Send message" disabled={empty || over || send.isPending}>
          <SendHorizontal aria-hidden />
        </Button>
      </form>
      <div className="mt-1.5 flex items-start gap-3 text-xs">
        {error ? (
          <p id="chat-composer-error" role="alert" className="font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p id="chat-composer-hint" className="hidden text-muted-foreground sm:block">
            Enter to send · Shift+Enter for a new line
          </p>
        )}
        {counter && <span className={cn('ml-auto shrink-0 tabular-nums', over ? 'font-medium text-destructive' : 'text-muted-foreground')}>{counter}</span>}
      </div>
    </div>
  );
}
