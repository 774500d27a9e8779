import type { ChatChannel } from '../../../../common/schemas/chat.ts';

/** The member's channel list as the client holds it (one page of the most recently active). */
export interface ChannelPage {
  items: ChatChannel[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many channels one list asks for (the most the API answers). */
export const CHANNEL_PAGE_SIZE = 100;

/**
 * Query keys of member chat, each starting with its endpoint's path: invalidating `chatKeys.channels` refreshes the
 * member's list and the public groups to browse.
 */
export const chatKeys = {
  channels: ['/api/chat/channels'] as const,
  mine: ['/api/chat/channels', { scope: 'mine' }] as const,
  discover: ['/api/chat/channels', { scope: 'discover' }] as const,
  channel: (id: string) => [`/api/chat/channels/${id}`] as const,
  messages: (id: string) => [`/api/chat/channels/${id}/messages`] as const,
  members: (id: string) => [`/api/chat/channels/${id}/members`] as const,
  search: (q: string) => ['/api/chat/search', { q }] as const,
};
