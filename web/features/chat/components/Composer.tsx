import { SendHorizontal, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_LIMITS } from '../../../../common/constants/chat.ts';
import type { ChatMessage } from '../../../../common/schemas/chat.ts';
import { chatMessageCreateSchema } from '../../../../common/schemas/chat.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { cn } from '../../../lib/utils.ts';
import { useSendMessage } from '../api/chat.ts';
import { messageCounter, personName, quoteSnippet } from '../lib/display.ts';

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; Send waits for words. The counter shows near the
 * limit, a reply shows what it answers, and a refusal (too long, too many a minute) is said under the box.
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
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(channelId, meId);
  const box = useRef<HTMLTextAreaElement>(null);
  const counter = messageCounter(text.length);
  const over = text.trim().length > CHAT_LIMITS.message.max;
  const empty = !text.trim();

  const submit = () => {
    if (empty || send.isPending) return;
    const parsed = chatMessageCreateSchema.safeParse({ content: text, replyToId: replyTo?.id ?? null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the message');
    send.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        setError(null);
        onCancelReply();
        onSent();
        box.current?.focus();
      },
      onError: (e) => setError(errorDetail(e, 'Could not send the message. Please try again.')),
    });
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
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="chat-composer" className="sr-only">
          Message {channelName}
        </label>
        <textarea
          id="chat-composer"
          ref={box}
          rows={lines}
          value={text}
          placeholder={`Message ${channelName}`}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error || over ? true : undefined}
          aria-describedby={error ? 'chat-composer-error' : 'chat-composer-hint'}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-[15px] leading-6 shadow-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
        />
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
