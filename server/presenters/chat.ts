import type { ChatAttachmentType } from '../../common/constants/chat-attachments.ts';
import type { ChatAttachment, ChatChannel, ChatMessage } from '../../common/schemas/chat.ts';
import type { chatChannels, chatMessages } from '../db/schema/index.ts';
import { channelAbilities, messageAbilities, type Membership } from '../policies/chat.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from './wire.ts';

/** A channel as loaded for its viewer: their role in it (null outside), its counts, and for a direct conversation the other member. */
export interface ChannelView {
  c: typeof chatChannels.$inferSelect;
  role: string | null;
  unreadCount: number;
  memberCount: number;
  other: { id: string | null; firstName: string | null; lastName: string | null; profilePicture: string | null } | null;
  /** For a direct conversation, whether its two members are connected now. */
  connected: boolean;
}

/** A channel as its viewer sees it; a direct conversation is named after the other member ('Former member' once their account is gone). */
export function presentChannel(r: ChannelView, last: ChatChannel['lastMessage']): ChatChannel {
  const membership: Membership = r.role ? { role: r.role } : null;
  const direct = r.c.type === 'direct';
  const otherMember =
    direct && r.other?.id ? { id: r.other.id, firstName: r.other.firstName ?? '', lastName: r.other.lastName ?? '', profilePicture: r.other.profilePicture } : null;
  return {
    id: r.c.id,
    type: r.c.type as ChatChannel['type'],
    name: direct ? (otherMember ? `${otherMember.firstName} ${otherMember.lastName}`.trim() : 'Former member') : r.c.name,
    description: r.c.description,
    isPrivate: r.c.isPrivate,
    role: (r.role as ChatChannel['role']) ?? null,
    memberCount: r.memberCount,
    otherMember,
    unreadCount: membership ? r.unreadCount : 0,
    lastMessage: membership ? last : null,
    createdAt: iso(r.c.createdAt),
    can: channelAbilities(r.c, membership, r.connected),
  };
}

/** A message with its sender, as read for presenting. */
export type MessageRow = { m: typeof chatMessages.$inferSelect; sender: ChatMessage['sender'] };

/** Where a message's attached file is served, to the members of its channel. */
export const chatAttachmentUrl = (messageId: string) => `/api/chat/messages/${messageId}/attachment`;

/** A message's attached file, none once the message is deleted. */
function presentAttachment(m: MessageRow['m']): ChatAttachment | null {
  if (m.isDeleted || !m.attachmentKey || !m.attachmentType || !m.attachmentName || !m.attachmentSize) return null;
  const contentType = m.attachmentType as ChatAttachmentType;
  return {
    url: chatAttachmentUrl(m.id),
    name: m.attachmentName,
    contentType,
    kind: contentType === 'application/pdf' ? 'pdf' : 'image',
    size: m.attachmentSize,
    width: m.attachmentWidth,
    height: m.attachmentHeight,
  };
}

/** A message as a member sees it: a deleted one keeps its place with its words and attachment cleared. */
export function presentMessage(actor: Pick<Actor, 'id' | 'role'>, r: MessageRow, membership: Membership): ChatMessage {
  return {
    id: r.m.id,
    channelId: r.m.channelId,
    sender: r.sender,
    content: r.m.isDeleted ? '' : r.m.content,
    replyToId: r.m.replyToId,
    attachment: presentAttachment(r.m),
    isEdited: r.m.isEdited,
    isDeleted: r.m.isDeleted,
    createdAt: iso(r.m.createdAt),
    updatedAt: iso(r.m.updatedAt),
    can: messageAbilities(actor, r.m, membership),
  };
}
