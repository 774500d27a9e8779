import { MessageSquarePlus, MessagesSquare, Search, X } from 'lucide-react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CHAT_SEARCH_LIMITS } from '../../../../common/constants/chat-attachments.ts';
import { EmptyState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { cn } from '../../../lib/utils.ts';
import { BrowseChannels } from '../components/BrowseChannels.tsx';
import { ChannelList } from '../components/ChannelList.tsx';
import { ChatSearchResults } from '../components/ChatSearch.tsx';
import { Conversation } from '../components/Conversation.tsx';
import { NewChannelDialog } from '../components/NewChannelDialog.tsx';

/**
 * Chat: the member's conversations on the left and the open one on the right; on a phone the list and the
 * conversation are separate views, the conversation with a back button. The search box above the list searches
 * the messages of the member's conversations; its results take the list's place until it is cleared.
 */
export function ChatPage() {
  const { channelId = null } = useParams();
  const me = useCurrentUser().data;
  const [tab, setTab] = useState<'mine' | 'browse'>('mine');
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState('');
  const searched = useDebouncedValue(query.trim(), 300);
  const searching = searched.length >= CHAT_SEARCH_LIMITS.q.min && query.trim().length >= CHAT_SEARCH_LIMITS.q.min;
  const openMessage = useSearchParams()[0].get('message');
  if (!me) return null;

  return (
    <div className="-mb-12 -mt-2 flex h-[calc(100dvh-4rem-2.5rem)] overflow-hidden rounded-xl border border-border bg-card shadow-sm lg:-mt-3 lg:h-[calc(100dvh-4rem-3.25rem)]">
      <h1 className="sr-only">Chat</h1>
      <aside
        aria-label="Conversations list"
        className={cn('flex w-full min-w-0 flex-col md:w-80 md:shrink-0 md:border-r md:border-border', channelId && 'hidden md:flex')}
      >
        <div className="flex items-center justify-between gap-2 px-4 pb-2 pt-4">
          <h2 className="text-lg font-semibold tracking-tight">Chat</h2>
          <Button size="sm" onClick={() => setCreating(true)}>
            <MessageSquarePlus aria-hidden /> New channel
          </Button>
        </div>
        <search className="px-4 pb-2">
          <label htmlFor="chat-search" className="sr-only">
            Search messages
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="chat-search"
              type="search"
              value={query}
              maxLength={CHAT_SEARCH_LIMITS.q.max}
              placeholder="Search messages"
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && query) {
                  e.preventDefault();
                  setQuery('');
                }
              }}
              className="h-9 pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
            />
            {query && (
              <Button variant="ghost" size="icon-sm" className="absolute right-1 top-1/2 size-7 -translate-y-1/2" aria-label="Clear search" onClick={() => setQuery('')}>
                <X aria-hidden />
              </Button>
            )}
          </div>
        </search>
        {searching ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ChatSearchResults q={searched} activeMessageId={openMessage} />
          </div>
        ) : (
          <Tabs value={tab} onValueChange={(v) => setTab(v as 'mine' | 'browse')} className="flex min-h-0 flex-1 flex-col">
            <TabsList className="mx-4 grid grid-cols-2">
              <TabsTrigger value="mine">Conversations</TabsTrigger>
              <TabsTrigger value="browse">Browse channels</TabsTrigger>
            </TabsList>
            <TabsContent value="mine" className="mt-1 min-h-0 flex-1 overflow-y-auto">
              <ChannelList activeId={channelId} meId={me.id} onNew={() => setCreating(true)} />
            </TabsContent>
            <TabsContent value="browse" className="mt-1 min-h-0 flex-1 overflow-y-auto">
              <BrowseChannels />
            </TabsContent>
          </Tabs>
        )}
      </aside>
      <section aria-label="Conversation" className={cn('min-w-0 flex-1 flex-col', channelId ? 'flex' : 'hidden md:flex')}>
        {channelId ? (
          <Conversation key={channelId} channelId={channelId} meId={me.id} />
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title="Choose a conversation"
            text="Pick a channel or a direct message on the left, or browse the public channels to join one."
            className="my-auto"
          />
        )}
      </section>
      <NewChannelDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
