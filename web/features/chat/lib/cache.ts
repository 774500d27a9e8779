import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS } from '../../../../common/constants/chat.ts';
import type { ChatChannel, ChatMessage, ChatMessagePage } from '../../../../common/schemas/chat.ts';
import type { LiveServerEvent } from '../../../../common/schemas/live.ts';
import { CURRENT_USER_KEY } from '../../../lib/auth.ts';
import type { ChannelPage } from '../api/keys.ts';
import { chatKeys } from '../api/keys.ts';

/** The history of one channel as the cache holds it: pages newest first, each page's messages newest first. */
export type MessageHistory = InfiniteData<ChatMessagePage, unknown>;

/*
 * The channel the member has open, if any: a message arriving there is read at once, so it does not count as unread.
 * One conversation is open at a time, so one module-level value is enough.
 */
let openChannelId: string | null = null;
export const setOpenChannel = (id: string | null) => {
  openChannelId = id;
};
export const getOpenChannel = () => openChannelId;

/** The messages of a history in reading order: oldest first. */
export function messagesInOrder(history: MessageHistory | undefined): ChatMessage[] {
  if (!history) return [];
  const out: ChatMessage[] = [];
  for (let p = history.pages.length - 1; p >= 0; p--) {
    const items = history.pages[p].items;
    for (let i = items.length - 1; i >= 0; i--) out.push(items[i]);
  }
  return out;
}

const hasMessage = (h: MessageHistory, id: string) => h.pages.some((p) => p.items.some((m) => m.id === id));

/** Adds a new message at the newest end of a loaded history (once: a message already there is left alone). */
export function appendMessage(client: QueryClient, message: ChatMessage) {
  client.setQueryData<MessageHistory>(chatKeys.messages(message.channelId), (h) => {
    if (!h || hasMessage(h, message.id)) return h;
    const [first, ...rest] = h.pages;
    return { ...h, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
  });
}

/** Puts an edited or deleted message in place of the one loaded. */
export function replaceMessage(client: QueryClient, message: ChatMessage) {
  client.setQueryData<MessageHistory>(chatKeys.messages(message.channelId), (h) =>
    h ? { ...h, pages: h.pages.map((p) => ({ ...p, items: p.items.map((m) => (m.id === message.id ? message : m)) })) } : h,
  );
}

const previewOf = (m: ChatMessage): NonNullable<ChatChannel['lastMessage']> => ({
  id: m.id,
  senderId: m.sender.id,
  preview: m.isDeleted ? '' : (m.content || m.attachment?.name || '').slice(0, CHAT_LIMITS.preview),
  isDeleted: m.isDeleted,
  createdAt: m.createdAt,
});

/** Changes one channel of the member's list; false when the list is loaded but does not hold it. */
function updateChannel(client: QueryClient, channelId: string, change: (c: ChatChannel) => ChatChannel, moveToTop = false): boolean {
  let found = true;
  client.setQueryData<ChannelPage>(chatKeys.mine, (page) => {
    if (!page) return page;
    const at = page.items.findIndex((c) => c.id === channelId);
    if (at < 0) {
      found = false;
      return page;
    }
    const changed = change(page.items[at]);
    const items = page.items.slice();
    if (moveToTop) {
      items.splice(at, 1);
      items.unshift(changed);
    } else items[at] = changed;
    return { ...page, items };
  });
  client.setQueryData<ChatChannel>(chatKeys.channel(channelId), (c) => (c ? change(c) : c));
  return found;
}

/** A new message in one of the member's channels: its preview, its place at the top of the list and the unread count. */
export function noteNewMessage(client: QueryClient, message: ChatMessage, meId: string | null) {
  const unread = message.sender.id !== meId && message.channelId !== openChannelId && !message.isDeleted;
  const found = updateChannel(
    client,
    message.channelId,
    (c) => ({
      ...c,
      lastMessage: c.lastMessage && c.lastMessage.createdAt > message.createdAt ? c.lastMessage : previewOf(message),
      unreadCount: c.unreadCount + (unread ? 1 : 0),
    }),
    true,
  );
  if (!found) void client.invalidateQueries({ queryKey: chatKeys.mine });
}

/** The member has read a channel (here or in another tab): nothing unread there. */
export function noteRead(client: QueryClient, channelId: string) {
  updateChannel(client, channelId, (c) => (c.unreadCount ? { ...c, unreadCount: 0 } : c));
}

/** The signed-in member's id as the client already knows it. */
function currentUserId(client: QueryClient): string | null {
  const me = client.getQueryData<{ id?: string } | null>(CURRENT_USER_KEY);
  return me?.id ?? null;
}

/**
 * Applies one event of the live socket to the chat caches: a new message is appended to its channel's loaded
 * history and moves the channel to the top of the list with its preview (unread unless the member sent it or has
 * the channel open); an edited or deleted one replaces the loaded copy; a change of membership refreshes the channel
 * lists; a read elsewhere clears the channel's unread count. Other events are not chat's and are ignored.
 */
export function applyChatLiveEvent(client: QueryClient, event: LiveServerEvent): void {
  switch (event.type) {
    case 'chat.message':
      appendMessage(client, event.message);
      noteNewMessage(client, event.message, currentUserId(client));
      return;
    case 'chat.message.updated': {
      replaceMessage(client, event.message);
      const m = event.message;
      updateChannel(client, event.channelId, (c) => (c.lastMessage?.id === m.id ? { ...c, lastMessage: previewOf(m) } : c));
      // a deleted message no longer counts as unread: the server knows by how much
      if (m.isDeleted) void client.invalidateQueries({ queryKey: chatKeys.mine });
      return;
    }
    case 'chat.membership':
      void client.invalidateQueries({ queryKey: chatKeys.channels });
      void client.invalidateQueries({ queryKey: chatKeys.channel(event.channelId) });
      void client.invalidateQueries({ queryKey: chatKeys.members(event.channelId) });
      return;
    case 'chat.read':
      noteRead(client, event.channelId);
      return;
    default:
      return;
  }
}
