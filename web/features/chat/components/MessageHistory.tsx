import { ArrowDown, MessageCircle } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatMessage } from '../../../../common/schemas/chat.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMessages } from '../api/chat.ts';
import { messagesInOrder } from '../lib/cache.ts';
import { historyRows } from '../lib/display.ts';
import { MessageItem, messageElementId } from './MessageItem.tsx';

/** Within this distance of the bottom the history counts as read to the end and follows new messages. */
const NEAR_BOTTOM_PX = 80;

/**
 * A channel's messages, newest at the bottom: opened at the end, following new messages while the member is at the
 * end (or just sent one), and loading the page before when they scroll to the top (or press Load older).
 */
export function MessageHistory({
  channelId,
  canReply,
  followToken,
  onReply,
  onLastMessage,
}: {
  channelId: string;
  canReply: boolean;
  /** Changes when the member sends a message: the history then scrolls to the end whatever its position. */
  followToken: number;
  onReply: (m: ChatMessage) => void;
  /** Told of the newest message shown (its id and sender), to mark the channel read. */
  onLastMessage: (id: string | null, senderId: string | null) => void;
}) {
  const history = useMessages(channelId);
  const messages = useMemo(() => messagesInOrder(history.data), [history.data]);
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  const rows = useMemo(() => historyRows(messages), [messages]);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [scrolledUp, setScrolledUp] = useState(false);
  // the distance from the bottom before older messages were added above, to keep the view where it was
  const restoreFromBottom = useRef<number | null>(null);
  const last = messages.at(-1) ?? null;
  const lastId = last?.id ?? null;
  const lastSenderId = last?.sender.id ?? null;
  const firstId = messages[0]?.id ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    const el = scroller.current;
    if (el) restoreFromBottom.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage();
  };

  // older messages added at the top: keep the messages in view where they were
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && firstId && restoreFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
    }
  }, [firstId]);

  // opened, or a new message at the end: follow it when at the end already (or just sent it)
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && lastId && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && followToken) {
      atBottom.current = true;
      el.scrollTop = el.scrollHeight;
    }
  }, [followToken]);

  // opened from a search result (`?message=`): that message, when it is among those loaded, is brought into view
  const [params] = useSearchParams();
  const target = params.get('message');
  const targetLoaded = !!target && byId.has(target);
  useEffect(() => {
    if (!target || !targetLoaded) return;
    const el = document.getElementById(messageElementId(target));
    if (!el) return;
    atBottom.current = false;
    el.scrollIntoView({ block: 'center' });
    el.classList.add('bg-primary-soft');
    const timer = setTimeout(() => el.classList.remove('bg-primary-soft'), 2000);
    return () => clearTimeout(timer);
  }, [target, targetLoaded]);

  useEffect(() => {
    onLastMessage(lastId, lastSenderId);
  }, [lastId, lastSenderId, onLastMessage]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    setScrolledUp(!atBottom.current);
    if (el.scrollTop < 120) loadOlder();
  };
  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };

  if (history.isPending) return <HistorySkeleton />;
  if (history.isError && !history.data) return <LoadError what="the messages" error={history.error} onRetry={() => void history.refetch()} className="my-auto" />;

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain px-2 pb-3 sm:px-4"
        role="log"
        aria-label="Messages"
        aria-live="polite"
        aria-relevant="additions"
      >
        {history.hasNextPage ? (
          <div className="flex justify-center py-3">
            <Button variant="ghost" size="sm" onClick={loadOlder} disabled={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? <Spinner className="size-4" label="Loading older messages" /> : null} Load older messages
            </Button>
          </div>
        ) : messages.length > 0 ? (
          <p className="py-4 text-center text-xs text-muted-foreground">This is the start of the conversation.</p>
        ) : null}
        {history.isFetchNextPageError && <p className="pb-2 text-center text-[13px] text-destructive">Could not load older messages. Scroll up to try again.</p>}
        {messages.length === 0 ? (
          <EmptyState
            icon={MessageCircle}
            title="No messages yet — say hello"
            text="Messages you send here are seen by everyone in the conversation."
            className="mt-10"
          />
        ) : (
          rows.map((r) =>
            r.kind === 'day' ? (
              <div key={r.key} role="separator" aria-label={r.label} className="my-4 flex items-center gap-3 text-xs font-medium text-muted-foreground">
                <span className="h-px flex-1 bg-border" />
                {r.label}
                <span className="h-px flex-1 bg-border" />
              </div>
            ) : (
              <MessageItem
                key={r.key}
                message={r.message}
                startsGroup={r.startsGroup}
                replyTo={r.message.replyToId ? byId.get(r.message.replyToId) : undefined}
                canReply={canReply}
                onReply={onReply}
              />
            ),
          )
        )}
      </div>
      {scrolledUp && (
        <Button size="sm" variant="outline" className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-card shadow-raised" onClick={toBottom}>
          <ArrowDown aria-hidden /> Jump to latest
        </Button>
      )}
    </div>
  );
}

function HistorySkeleton() {
  return (
    <div className="flex-1 space-y-5 overflow-hidden p-4" role="status" aria-busy aria-label="Loading messages">
      {[70, 45, 85, 55, 65].map((w, i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-4" style={{ width: `${w}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}
