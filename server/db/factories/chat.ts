/**
 * Factories for member chat, shared by the API tests and the demo seed. Channels, memberships, direct conversations,
 * messages and read marks are made through the same services the routes call, at the moments the caller gives, so
 * every rule holds (only connected members talk directly, a private group is joined by invitation, a reply points
 * into its own channel).
 */
import { chatChannelCreateSchema, chatMessageCreateSchema, chatMessageUpdateSchema, type ChatChannel, type ChatMessage } from '../../../common/schemas/chat.ts';
import type { Actor } from '../../policies/roles.ts';
import { deleteMessage, editMessage, postMessage } from '../../services/chat-messages.ts';
import { createChannel, inviteToChannel, joinChannel, markRead, openDirect } from '../../services/chat.ts';
import type { Db } from '../client.ts';

type ChatActor = Pick<Actor, 'id' | 'role'>;

export interface GroupChannelOptions {
  /** The member who creates it and becomes its owner. */
  owner: ChatActor;
  name?: string;
  description?: string | null;
  isPrivate?: boolean;
  /** Members who join it (a public group) or whom the owner invites (a private one), one second apart. */
  members?: ChatActor[];
  /** When it is created (default now). */
  now?: Date;
}

/** A group channel with its members; answers the channel as its owner sees it. */
export async function makeGroupChannel(db: Db, o: GroupChannelOptions): Promise<ChatChannel> {
  const { owner, members = [], now = new Date(), ...fields } = o;
  const data = chatChannelCreateSchema.parse({ name: 'Deal flow', description: 'Introductions and opportunities worth a look.', isPrivate: false, ...fields });
  let channel = await createChannel(db, owner, data, now);
  for (const [i, m] of members.entries()) {
    const at = new Date(now.getTime() + (i + 1) * 1000);
    if (data.isPrivate) channel = await inviteToChannel(db, owner, channel.id, m.id, at);
    else await joinChannel(db, m, channel.id, at);
  }
  return members.length && !data.isPrivate ? { ...channel, memberCount: channel.memberCount + members.length } : channel;
}

/** The direct conversation of two connected members (the existing one when they have one). */
export async function makeDirectConversation(db: Db, a: ChatActor, b: ChatActor, now = new Date()): Promise<ChatChannel> {
  return (await openDirect(db, a, b.id, now)).channel;
}

/** A message in a channel as its sender writes it (optionally a reply), at the moment given. */
export async function postChatMessage(
  db: Db,
  sender: ChatActor,
  channelId: string,
  content: string,
  o: { at?: Date; replyToId?: string | null } = {},
): Promise<ChatMessage> {
  const data = chatMessageCreateSchema.parse({ content, replyToId: o.replyToId ?? null });
  return postMessage(db, sender, channelId, data, o.at ?? new Date());
}

/** The author changes their message. */
export async function editChatMessage(db: Db, author: ChatActor, messageId: string, content: string, at = new Date()): Promise<ChatMessage> {
  return editMessage(db, author, messageId, chatMessageUpdateSchema.parse({ content }).content, at);
}

/** The author (or the channel's owner, or an administrator) deletes a message. */
export async function deleteChatMessage(db: Db, by: ChatActor, messageId: string, at = new Date()): Promise<ChatMessage> {
  return deleteMessage(db, by, messageId, at);
}

/** A member reads a channel up to the moment given: what others wrote after it stays unread. */
export async function readChannel(db: Db, member: ChatActor, channelId: string, at = new Date()) {
  return markRead(db, member, channelId, at);
}
