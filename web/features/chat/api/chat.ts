import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS } from '../../../../common/constants/chat.ts';
import { CHAT_SEARCH_LIMITS } from '../../../../common/constants/chat-attachments.ts';
import type { ChatChannel, ChatChannelCreate, ChatChannelMemberList, ChatMessage, ChatMessagePage, ChatSearchPage } from '../../../../common/schemas/chat.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { appendMessage, noteNewMessage, noteRead, replaceMessage, type MessageHistory } from '../lib/cache.ts';
import { CHANNEL_PAGE_SIZE, chatKeys, type ChannelPage } from './keys.ts';

const channelsUrl = (scope: 'mine' | 'discover') => withQuery('/api/chat/channels', { scope, page: 1, pageSize: CHANNEL_PAGE_SIZE });
const enc = encodeURIComponent;

/** The member's groups and direct conversations, most recently active first, with unread counts. */
export function useMyChannels(enabled = true) {
  return useQuery({ queryKey: chatKeys.mine, queryFn: () => api.get<ChannelPage>(channelsUrl('mine')), enabled });
}

/** The public groups the member has not joined. */
export function useDiscoverChannels(enabled = true) {
  return useQuery({ queryKey: chatKeys.discover, queryFn: () => api.get<ChannelPage>(channelsUrl('discover')), enabled });
}

/** The sum of the member's unread messages, for the navigation's badge. */
export function useChatUnreadTotal(enabled = true): number {
  const { data } = useMyChannels(enabled);
  return data ? data.items.reduce((sum, c) => sum + c.unreadCount, 0) : 0;
}

/** One channel as the member sees it (seeded from their list when it holds it). */
export function useChannel(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.channel(id ?? ''),
    queryFn: () => api.get<ChatChannel>(`/api/chat/channels/${enc(id!)}`),
    enabled: !!id,
    initialData: () => (id ? client.getQueryData<ChannelPage>(chatKeys.mine)?.items.find((c) => c.id === id) : undefined),
    initialDataUpdatedAt: () => client.getQueryState(chatKeys.mine)?.dataUpdatedAt,
  });
}

export function useChannelMembers(id: string, enabled: boolean) {
  return useQuery({ queryKey: chatKeys.members(id), queryFn: () => api.get<ChatChannelMemberList>(`/api/chat/channels/${enc(id)}/members`), enabled });
}

/** A channel's history by cursor: the newest page first, `fetchNextPage` loads the page before the oldest shown. */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(id),
    queryFn: ({ pageParam }) =>
      api.get<ChatMessagePage>(withQuery(`/api/chat/channels/${enc(id)}/messages`, { before: pageParam, limit: CHAT_LIMITS.messagePage.default })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export type { MessageHistory };

/** POST /api/chat/channels: the new group, at the top of the member's list. */
export function useCreateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatChannelCreate) => api.post<ChatChannel>('/api/chat/channels', body),
    onSuccess: (channel) => {
      client.setQueryData(chatKeys.channel(channel.id), channel);
      void client.invalidateQueries({ queryKey: chatKeys.channels });
    },
  });
}

function useChannelChange(path: 'join' | 'leave') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ChatChannel | undefined>(`/api/chat/channels/${enc(id)}/${path}`),
    onSuccess: (channel, id) => {
      if (channel) client.setQueryData(chatKeys.channel(id), channel);
      else client.removeQueries({ queryKey: chatKeys.channel(id) });
      client.removeQueries({ queryKey: chatKeys.messages(id) });
      void client.invalidateQueries({ queryKey: chatKeys.channels });
      void client.invalidateQueries({ queryKey: chatKeys.members(id) });
    },
  });
}
export const useJoinChannel = () => useChannelChange('join');
export const useLeaveChannel = () => useChannelChange('leave');

export function useInviteToChannel(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<ChatChannel>(`/api/chat/channels/${enc(id)}/invite`, { userId }),
    onSuccess: (channel) => {
      client.setQueryData(chatKeys.channel(id), channel);
      void client.invalidateQueries({ queryKey: chatKeys.members(id) });
      void client.invalidateQueries({ queryKey: chatKeys.mine });
    },
  });
}

/** POST /api/chat/direct: the conversation with a connected member (created the first time). */
export function useOpenDirect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<ChatChannel>('/api/chat/direct', { userId }),
    onSuccess: (channel) => {
      client.setQueryData(chatKeys.channel(channel.id), channel);
      void client.invalidateQueries({ queryKey: chatKeys.mine });
    },
  });
}

/** Marks a channel read up to now; its unread count is cleared at once. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/chat/channels/${enc(id)}/read`),
    onMutate: (id) => noteRead(client, id),
  });
}

/** What the composer sends: words, the message replied to, and at most one file (then sent as a multipart form). */
export interface OutgoingMessage {
  content: string;
  replyToId?: string | null;
  file?: File | null;
}

function sendMessage(channelId: string, { file, ...body }: OutgoingMessage) {
  const url = `/api/chat/channels/${enc(channelId)}/messages`;
  if (!file) return api.post<ChatMessage>(url, body);
  const form = new FormData();
  form.append('content', body.content);
  if (body.replyToId) form.append('replyToId', body.replyToId);
  form.append('file', file);
  return api.postForm<ChatMessage>(url, form);
}

/** Sends a message; it is appended to the history and the channel's preview as soon as the server has it. */
export function useSendMessage(channelId: string, meId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: OutgoingMessage) => sendMessage(channelId, message),
    onSuccess: (message) => {
      appendMessage(client, message);
      noteNewMessage(client, message, meId);
    },
  });
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => api.patch<ChatMessage>(`/api/chat/messages/${enc(id)}`, { content }),
    onSuccess: (message) => replaceMessage(client, message),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ChatMessage>(`/api/chat/messages/${enc(id)}`),
    onSuccess: (message) => {
      replaceMessage(client, message);
      void client.invalidateQueries({ queryKey: chatKeys.mine });
    },
  });
}

/** Messages of the member's conversations containing `q` (at least two characters), newest first, a page at a time. */
export function useChatSearch(q: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.search(q),
    queryFn: ({ pageParam }) => api.get<ChatSearchPage>(withQuery('/api/chat/search', { q, before: pageParam, limit: CHAT_SEARCH_LIMITS.page.default })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: q.trim().length >= CHAT_SEARCH_LIMITS.q.min,
  });
}
