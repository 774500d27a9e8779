import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatChannel, ChatMessage } from '../../../../common/schemas/chat.ts';
import { chatKeys, type ChannelPage } from '../api/keys.ts';
import { applyChatLiveEvent, messagesInOrder, setOpenChannel, type MessageHistory } from './cache.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const A = '10000000-0000-4000-8000-00000000000a';
const B = '10000000-0000-4000-8000-00000000000b';
const NOT_LOADED = '10000000-0000-4000-8000-00000000000c';

const person = (id: string) => ({ id, firstName: id === ME ? 'Priya' : 'Sam', lastName: 'Lee', profilePicture: null });
let seq = 0;
function message(channelId: string, o: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1;
  const at = new Date(Date.UTC(2026, 10, 20, 9, seq)).toISOString();
  return {
    id: `20000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    channelId,
    sender: person(OTHER),
    content: `Message ${seq}`,
    replyToId: null,
    attachment: null,
    isEdited: false,
    isDeleted: false,
    createdAt: at,
    updatedAt: at,
    can: { edit: false, delete: false },
    ...o,
  };
}
function channel(id: string, o: Partial<ChatChannel> = {}): ChatChannel {
  return {
    id,
    type: 'group',
    name: `Channel ${id.slice(-1)}`,
    description: null,
    isPrivate: false,
    role: 'member',
    memberCount: 3,
    otherMember: null,
    unreadCount: 0,
    lastMessage: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    can: { read: true, post: true, join: false, leave: true, invite: false },
    ...o,
  };
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  client.setQueryData(['/api/auth/me'], { id: ME });
  client.setQueryData<ChannelPage>(chatKeys.mine, { items: [channel(A), channel(B, { unreadCount: 2 })], total: 2, page: 1, pageSize: 100 });
  const older = message(B);
  const newer = message(B);
  client.setQueryData<MessageHistory>(chatKeys.messages(B), {
    pages: [
      { items: [newer], nextBefore: newer.id },
      { items: [older], nextBefore: null },
    ],
    pageParams: [undefined, newer.id],
  });
  return { client, older, newer };
}
const list = (client: QueryClient) => client.getQueryData<ChannelPage>(chatKeys.mine)!.items;
const history = (client: QueryClient, id: string) => messagesInOrder(client.getQueryData<MessageHistory>(chatKeys.messages(id)));

afterEach(() => setOpenChannel(null));

describe('applyChatLiveEvent', () => {
  it('appends a new message once to the loaded history, moves its channel to the top and counts it unread', () => {
    const { client, older, newer } = setup();
    const m = message(B, { content: 'Fresh news' });
    applyChatLiveEvent(client, { type: 'chat.message', channelId: B, message: m });
    applyChatLiveEvent(client, { type: 'chat.message', channelId: B, message: m });
    expect(history(client, B).map((x) => x.id)).toEqual([older.id, newer.id, m.id]);
    expect(list(client).map((c) => c.id)).toEqual([B, A]);
    expect(list(client)[0]).toMatchObject({ unreadCount: 4, lastMessage: { id: m.id, preview: 'Fresh news', senderId: OTHER } });
  });

  it('does not count a message in the open channel, nor one the member sent', () => {
    const { client } = setup();
    setOpenChannel(A);
    applyChatLiveEvent(client, { type: 'chat.message', channelId: A, message: message(A) });
    expect(list(client).find((c) => c.id === A)!.unreadCount).toBe(0);
    setOpenChannel(null);
    applyChatLiveEvent(client, { type: 'chat.message', channelId: A, message: message(A, { sender: person(ME) }) });
    expect(list(client).find((c) => c.id === A)!.unreadCount).toBe(0);
    applyChatLiveEvent(client, { type: 'chat.message', channelId: A, message: message(A) });
    expect(list(client).find((c) => c.id === A)!.unreadCount).toBe(1);
    // no history of A was loaded, so none is made up
    expect(client.getQueryData(chatKeys.messages(A))).toBeUndefined();
  });

  it('refreshes the list when a message arrives for a channel it does not hold', async () => {
    const { client } = setup();
    applyChatLiveEvent(client, { type: 'chat.message', channelId: NOT_LOADED, message: message(NOT_LOADED) });
    expect(client.getQueryState(chatKeys.mine)!.isInvalidated).toBe(true);
    expect(list(client).map((c) => c.id)).toEqual([A, B]);
  });

  it('replaces an edited or deleted message in place and updates the preview of the last one', () => {
    const { client, older, newer } = setup();
    client.setQueryData<ChannelPage>(chatKeys.mine, (p) => ({
      ...p!,
      items: p!.items.map((c) =>
        c.id === B ? { ...c, lastMessage: { id: newer.id, senderId: OTHER, preview: newer.content, isDeleted: false, createdAt: newer.createdAt } } : c,
      ),
    }));
    applyChatLiveEvent(client, { type: 'chat.message.updated', channelId: B, message: { ...older, content: 'Changed', isEdited: true } });
    expect(history(client, B).map((m) => [m.content, m.isEdited])).toEqual([
      ['Changed', true],
      [newer.content, false],
    ]);
    applyChatLiveEvent(client, { type: 'chat.message.updated', channelId: B, message: { ...newer, content: '', isDeleted: true } });
    expect(history(client, B)[1].isDeleted).toBe(true);
    expect(list(client).find((c) => c.id === B)!.lastMessage).toMatchObject({ id: newer.id, preview: '', isDeleted: true });
    expect(client.getQueryState(chatKeys.mine)!.isInvalidated).toBe(true);
  });

  it('clears the unread count on a read elsewhere and refreshes the lists on a change of membership', () => {
    const { client } = setup();
    client.setQueryData<ChannelPage>(chatKeys.discover, { items: [], total: 0, page: 1, pageSize: 100 });
    applyChatLiveEvent(client, { type: 'chat.read', channelId: B });
    expect(list(client).find((c) => c.id === B)!.unreadCount).toBe(0);
    expect(client.getQueryState(chatKeys.mine)!.isInvalidated).toBe(false);
    applyChatLiveEvent(client, { type: 'chat.membership', channelId: A });
    expect(client.getQueryState(chatKeys.mine)!.isInvalidated).toBe(true);
    expect(client.getQueryState(chatKeys.discover)!.isInvalidated).toBe(true);
  });

  it('ignores events that are not chat', () => {
    const { client } = setup();
    const before = client.getQueryData(chatKeys.mine);
    applyChatLiveEvent(client, { type: 'notification.read', unreadCount: 3 });
    expect(client.getQueryData(chatKeys.mine)).toBe(before);
  });
});
