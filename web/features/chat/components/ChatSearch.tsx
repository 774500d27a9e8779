import { Hash, SearchX } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { ChatSearchResult } from '../../../../common/schemas/chat.ts';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { cn } from '../../../lib/utils.ts';
import { useChatSearch } from '../api/chat.ts';
import { listTime, personName } from '../lib/display.ts';

/** Where a result leads: its conversation, which scrolls to the message when it is among those shown. */
export const searchResultPath = (r: Pick<ChatSearchResult, 'channelId' | 'id'>) => `/chat/${r.channelId}?message=${r.id}`;

/** The words of a snippet with each occurrence of `q` (in any case) marked. */
function Highlighted({ text, q }: { text: string; q: string }) {
  const needle = q.trim().toLowerCase();
  if (!needle) return <>{text}</>;
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className="rounded-sm bg-warning/30 px-0.5 text-foreground">
            {p.text}
          </mark>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The messages of the member's conversations matching the search box, newest first, with more on request. */
export function ChatSearchResults({ q, activeMessageId }: { q: string; activeMessageId: string | null }) {
  const search = useChatSearch(q);
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <QueryState
      query={search}
      what="the search results"
      loading={<SkeletonRows count={4} rowClassName="h-16 rounded-lg" className="p-3" label="Searching messages" />}
      isEmpty={(d) => d.pages[0]?.items.length === 0}
      empty={<EmptyState icon={SearchX} title="No messages found" text={`Nothing in your conversations matches “${q.trim()}”.`} />}
    >
      {() => (
        <div className="p-2">
          <p className="sr-only" aria-live="polite">
            {items.length === 1 ? '1 message found' : `${items.length}${search.hasNextPage ? ' or more' : ''} messages found`}
          </p>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5" aria-label="Search results">
            {items.map((r) => (
              <li key={r.id}>
                <Link
                  to={searchResultPath(r)}
                  aria-current={r.id === activeMessageId ? 'true' : undefined}
                  className={cn(
                    'flex gap-3 rounded-lg px-2.5 py-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                    r.id === activeMessageId ? 'bg-primary-soft' : 'hover:bg-accent',
                  )}
                >
                  <UserAvatar person={r.sender} pictureSize={64} className="size-8 shrink-0" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline gap-2 text-[13px]">
                      <span className="truncate font-semibold">{personName(r.sender)}</span>
                      <time dateTime={r.createdAt} className="ml-auto shrink-0 text-xs text-muted-foreground">
                        {listTime(r.createdAt)}
                      </time>
                    </span>
                    <span className="flex items-center gap-1 text-xs text-muted-foreground">
                      {r.channelType === 'group' ? <Hash aria-hidden className="size-3 shrink-0" /> : null}
                      <span className="truncate">{r.channelType === 'group' ? r.channelName : `Direct · ${r.channelName}`}</span>
                    </span>
                    <span className="mt-0.5 line-clamp-2 text-[13px] text-foreground/85 [overflow-wrap:anywhere]">
                      <Highlighted text={r.snippet} q={q} />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {search.hasNextPage && (
            <div className="flex justify-center p-2">
              <Button variant="outline" size="sm" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
                {search.isFetchingNextPage ? 'Loading…' : 'More results'}
              </Button>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}
