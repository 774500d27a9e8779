import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/utils.ts';
import { BrowseChannels } from '../components/BrowseChannels.tsx';
import { ChannelList } from '../components/ChannelList.tsx';
import { Conversation } from '../components/Conversation.tsx';
import { NewChannelDialog } from '../components/NewChannelDialog.tsx';

/**
 * Chat: the member's conversations on the left and the open one on the right; on a phone the list and the
 * conversation are separate views, the conversation with a back button.
 */
export function ChatPage() {
  const { channelId = null } = useParams();
  const me = useCurrentUser().data;
  const [tab, setTab] = useState<'mine' | 'browse'>('mine');
  const [creating, setCreating] = useState(false);
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
