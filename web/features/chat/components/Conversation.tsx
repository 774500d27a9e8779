import { ArrowLeft, LogIn, LogOut, MessageSquareOff, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ChatChannel, ChatMessage } from '../../../../common/schemas/chat.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useChannel, useJoinChannel, useLeaveChannel, useMarkRead } from '../api/chat.ts';
import { setOpenChannel } from '../lib/cache.ts';
import { PresenceLabel } from '../../presence/index.ts';
import { ChannelIcon } from './ChannelList.tsx';
import { Composer } from './Composer.tsx';
import { MembersSheet } from './MembersSheet.tsx';
import { MessageHistory } from './MessageHistory.tsx';

const backLink = (
  <Button asChild variant="ghost" size="icon" className="-ml-1 shrink-0 md:hidden">
    <Link to="/chat" aria-label="Back to conversations">
      <ArrowLeft aria-hidden />
    </Link>
  </Button>
);

/** One open conversation: its header, its history and the composer (or why there is none). */
export function Conversation({ channelId, meId }: { channelId: string; meId: string }) {
  const channel = useChannel(channelId);
  useEffect(() => {
    setOpenChannel(channelId);
    return () => setOpenChannel(null);
  }, [channelId]);

  if (channel.isPending) return <ConversationSkeleton />;
  if (channel.isError) {
    if (channel.error instanceof ApiError && channel.error.status === 404) {
      return (
        <div className="flex flex-1 flex-col">
          <div className="flex h-16 items-center border-b border-border px-3 md:hidden">{backLink}</div>
          <EmptyState
            icon={MessageSquareOff}
            title="Conversation not found"
            text="It may be private, or you may have left it."
            className="my-auto"
            action={
              <Button asChild variant="outline">
                <Link to="/chat">Back to your conversations</Link>
              </Button>
            }
          />
        </div>
      );
    }
    return <LoadError what="this conversation" error={channel.error} onRetry={() => void channel.refetch()} className="my-auto" />;
  }
  return <OpenConversation channel={channel.data} meId={meId} />;
}

function OpenConversation({ channel, meId }: { channel: ChatChannel; meId: string }) {
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [follow, setFollow] = useState(0);
  const markRead = useMarkRead();
  const lastMarked = useRef<string | null>(null);
  const isMember = channel.role !== null;

  const onLastMessage = (id: string | null, senderId: string | null) => {
    if (!isMember) return;
    const key = id ?? 'none';
    if (lastMarked.current === key) return;
    const opened = lastMarked.current === null;
    lastMarked.current = key;
    // read when opened, and again when a message from someone else arrives while it is open
    if (opened ? channel.unreadCount > 0 || !!id : !!id && senderId !== meId) markRead.mutate(channel.id);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ConversationHeader channel={channel} meId={meId} />
      {isMember ? (
        <>
          <MessageHistory channelId={channel.id} canReply={channel.can.post} followToken={follow} onReply={setReplyTo} onLastMessage={onLastMessage} />
          {channel.can.post ? (
            <Composer
              key={channel.id}
              channelId={channel.id}
              channelName={channel.type === 'direct' ? channel.name : `#${channel.name}`}
              meId={meId}
              replyTo={replyTo}
              onCancelReply={() => setReplyTo(null)}
              onSent={() => setFollow((n) => n + 1)}
            />
          ) : (
            <ClosedNotice channel={channel} />
          )}
        </>
      ) : (
        <JoinPrompt channel={channel} />
      )}
    </div>
  );
}

function ClosedNotice({ channel }: { channel: ChatChannel }) {
  const text =
    channel.type === 'direct'
      ? channel.otherMember
        ? `You are no longer connected with ${channel.otherMember.firstName}, so this conversation is closed to new messages. You can still read it.`
        : 'This member’s account is no longer active, so this conversation is closed to new messages. You can still read it.'
      : 'You cannot send messages in this channel.';
  return (
    <p role="note" className="border-t border-border bg-muted/60 px-4 py-4 text-center text-sm text-muted-foreground">
      {text}
    </p>
  );
}

function JoinPrompt({ channel }: { channel: ChatChannel }) {
  const join = useJoinChannel();
  return (
    <EmptyState
      icon={Users}
      title={`Join ${channel.name} to read it`}
      text={channel.description ?? 'Members of a public channel read and write in it.'}
      className="my-auto"
      action={
        channel.can.join && (
          <Button
            disabled={join.isPending}
            onClick={() =>
              join.mutate(channel.id, { onError: (e) => toast({ variant: 'destructive', title: 'Could not join', description: errorDetail(e, 'Please try again.') }) })
            }
          >
            <LogIn aria-hidden /> {join.isPending ? 'Joining…' : 'Join channel'}
          </Button>
        )
      }
    />
  );
}

function ConversationHeader({ channel, meId }: { channel: ChatChannel; meId: string }) {
  const [membersOpen, setMembersOpen] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const leave = useLeaveChannel();
  const navigate = useNavigate();
  const direct = channel.type === 'direct';
  const members = channel.memberCount === 1 ? '1 member' : `${channel.memberCount} members`;
  const kind = channel.isPrivate ? 'Private channel' : 'Public channel';

  return (
    <header className="flex min-h-16 items-center gap-2 border-b border-border px-3 py-2 sm:gap-3 sm:px-4">
      {backLink}
      <ChannelIcon channel={channel} className="size-9" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-base font-semibold leading-tight">{channel.name}</h2>
        <p className="truncate text-xs text-muted-foreground">
          {direct ? (
            channel.otherMember ? (
              <PresenceLabel userId={channel.otherMember.id} fallback="Direct message" />
            ) : (
              'Direct message'
            )
          ) : (
            <>
              <span className="hidden sm:inline">{kind} · </span>
              {members}
              {channel.description && <span className="hidden sm:inline"> · {channel.description}</span>}
            </>
          )}
        </p>
      </div>
      {!direct && channel.role && (
        <Button variant="outline" size="sm" onClick={() => setMembersOpen(true)} aria-label={`Members (${channel.memberCount})`}>
          <Users aria-hidden /> <span className="hidden sm:inline">Members</span>
          <span className="tabular-nums sm:hidden">{channel.memberCount}</span>
        </Button>
      )}
      {channel.can.leave && (
        <Button variant="ghost" size="sm" onClick={() => setConfirmLeave(true)} aria-label={`Leave ${channel.name}`}>
          <LogOut aria-hidden /> <span className="hidden sm:inline">Leave</span>
        </Button>
      )}
      {!direct && channel.role && <MembersSheet channel={channel} meId={meId} open={membersOpen} onOpenChange={setMembersOpen} />}
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title={`Leave ${channel.name}?`}
        description={
          channel.isPrivate
            ? 'You will no longer see this private channel. An owner would have to invite you back.'
            : 'You will no longer see its messages. You can join again from Browse at any time.'
        }
        destructive
        pending={leave.isPending}
        confirm={
          <>
            <LogOut aria-hidden /> {leave.isPending ? 'Leaving…' : 'Leave channel'}
          </>
        }
        onConfirm={() =>
          leave.mutate(channel.id, {
            onSuccess: () => {
              setConfirmLeave(false);
              toast({ variant: 'success', title: 'Left channel', description: `You left ${channel.name}.` });
              void navigate('/chat');
            },
            onError: (e) => {
              setConfirmLeave(false);
              toast({ variant: 'destructive', title: 'Could not leave', description: errorDetail(e, 'Please try again.') });
            },
          })
        }
      />
    </header>
  );
}

function ConversationSkeleton() {
  return (
    <div className="flex flex-1 flex-col" role="status" aria-busy aria-label="Loading conversation">
      <div className="flex h-16 items-center gap-3 border-b border-border px-4">
        <Skeleton className="size-9 rounded-full" />
        <div className="space-y-1.5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
    </div>
  );
}
