import { Hash, Lock, MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatChannel } from '../../../../common/schemas/chat.ts';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { cn } from '../../../lib/utils.ts';
import { PresenceDot } from '../../presence/index.ts';
import { useMyChannels } from '../api/chat.ts';
import { badgeText, listTime, previewText, unreadLabel } from '../lib/display.ts';

/** The picture of a channel: the other member's for a direct conversation, a # or a lock for a group. */
export function ChannelIcon({ channel, className }: { channel: ChatChannel; className?: string }) {
  if (channel.type === 'direct' && channel.otherMember)
    return (
      <span className="relative shrink-0">
        <UserAvatar person={channel.otherMember} pictureSize={64} className={cn('size-10', className)} />
        <PresenceDot userId={channel.otherMember.id} className="size-2.5" />
      </span>
    );
  const Icon = channel.isPrivate ? Lock : Hash;
  return (
    <span aria-hidden className={cn('flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary', className)}>
      <Icon className="size-[18px]" />
    </span>
  );
}

/** The member's groups and direct conversations, most recently active first. */
export function ChannelList({ activeId, meId, onNew }: { activeId: string | null; meId: string; onNew: () => void }) {
  const channels = useMyChannels();
  return (
    <QueryState
      query={channels}
      what="your conversations"
      loading={<SkeletonRows count={6} rowClassName="h-14 rounded-lg" className="p-3" label="Loading conversations" />}
      isEmpty={(d) => d.items.length === 0}
      empty={
        <EmptyState
          icon={MessagesSquare}
          title="No conversations yet"
          text="Start a channel, join one from Browse, or message a connection from their profile."
          action={
            <button type="button" onClick={onNew} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
              <MessageSquarePlus className="size-4" aria-hidden /> New channel
            </button>
          }
        />
      }
    >
      {(data) => (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5 p-2" aria-label="Conversations">
          {data.items.map((c) => (
            <li key={c.id}>
              <ChannelRow channel={c} active={c.id === activeId} meId={meId} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function ChannelRow({ channel: c, active, meId }: { channel: ChatChannel; active: boolean; meId: string }) {
  const unread = c.unreadCount > 0;
  return (
    <Link
      to={`/chat/${c.id}`}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-lg px-2.5 py-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-ring',
        active ? 'bg-primary-soft' : 'hover:bg-accent',
      )}
    >
      <ChannelIcon channel={c} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn('truncate text-sm', unread ? 'font-semibold text-foreground' : 'font-medium')}>{c.name}</span>
          {c.lastMessage && (
            <time dateTime={c.lastMessage.createdAt} className={cn('ml-auto shrink-0 text-xs', unread ? 'font-medium text-primary' : 'text-muted-foreground')}>
              {listTime(c.lastMessage.createdAt)}
            </time>
          )}
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span className={cn('truncate text-[13px]', unread ? 'text-foreground/80' : 'text-muted-foreground', c.lastMessage?.isDeleted && 'italic')}>
            {previewText(c, meId)}
          </span>
          {unread && (
            <span className="ml-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground">
              <span aria-hidden>{badgeText(c.unreadCount)}</span>
              <span className="sr-only">{unreadLabel(c.unreadCount)}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
