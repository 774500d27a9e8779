import { and, eq, isNull, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CHAT_MESSAGES } from '../../common/constants/chat.ts';
import type { ChatChannelAbilities, ChatMessageAbilities } from '../../common/schemas/chat.ts';
import { chatChannelMembers, chatChannels } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound, type Permission } from './authorize.ts';
import { isAdmin, type Actor } from './roles.ts';

/**
 * Member chat (docs/decisions/0022-chat.md). Any member may create a group channel, public or private, and becomes
 * its owner. A public group is seen by every member and joined or left at will, but only its members read and
 * write in it; a private group and a direct conversation exist only for their members (404 to anyone else). The
 * owners of a private group invite others. A direct conversation joins two connected members; once they are no
 * longer connected it stays readable but takes no new messages. A message is edited by its author and deleted by
 * its author, the channel's owner or an administrator.
 */
export interface ChannelFacts {
  type: string;
  isPrivate: boolean;
}
/** The actor's membership of the channel, or null. */
export type Membership = { role: string } | null;

const isPublicGroup = (c: ChannelFacts) => c.type === 'group' && !c.isPrivate;

/** Whether the channel exists for the actor at all: public groups for every member, the rest for their members. */
export const canSeeChannel = (c: ChannelFacts, m: Membership) => m !== null || isPublicGroup(c);

/** SQL: the channels table's row is a public group (the part of canSeeChannel that needs no membership). */
const publicGroupSql = (): SQL => and(eq(chatChannels.type, 'group'), eq(chatChannels.isPrivate, false))!;

/** SQL: the member `userId` belongs to the channel `channelId`, so reads and writes in it (the `read` permission, and who may fetch its files). */
export const channelReaderSql = (channelId: SQLWrapper | string, userId: SQLWrapper | string): SQL =>
  sql`exists (select 1 from ${chatChannelMembers} where ${chatChannelMembers.channelId} = ${channelId} and ${chatChannelMembers.userId} = ${userId})`;

/** SQL: the channel `channelId` exists for the member `userId` (canSeeChannel): they belong to it, or it is a public group. */
export const seesChannelSql = (channelId: SQLWrapper | string, userId: SQLWrapper | string): SQL =>
  sql`(${channelReaderSql(channelId, userId)} or exists (select 1 from ${chatChannels} where ${chatChannels.id} = ${channelId} and ${publicGroupSql()}))`;

/** SQL over a channels query left-joined to the viewer's membership (`membershipUserId`, null outside): the groups they may join. */
export const joinableChannelSql = (membershipUserId: AnyColumn): SQL => and(publicGroupSql(), isNull(membershipUserId))!;

/** `connected`: for a direct conversation, whether its two members are connected now (ignored for groups). */
export function channelAbilities(c: ChannelFacts, m: Membership, connected: boolean): ChatChannelAbilities {
  const member = m !== null;
  const group = c.type === 'group';
  return {
    read: member,
    post: member && (group || connected),
    join: !member && isPublicGroup(c),
    leave: member && group,
    invite: member && group && c.isPrivate && m.role === 'owner',
  };
}

/** A channel as a permission is asked about it: the actor's membership and, for a direct conversation, whether its two members are connected now. */
export interface ChannelState extends ChannelFacts {
  membership: Membership;
  connected: boolean;
}

export type ChannelAction = 'view' | 'read' | 'post' | 'invite' | 'leave';

export const NOT_A_MEMBER = 'Join this channel to read and write in it.';

/**
 * Whether the actor may act on a channel now: outside what they may see it does not exist (404); reading and
 * writing are for its members (403); a direct conversation whose members are no longer connected takes no new
 * messages (409); only the owner of a private group invites (403); a direct conversation is never left (400) and a
 * group only by its members (409).
 */
export function channelPermission(_actor: Pick<Actor, 'id'>, action: ChannelAction, c: ChannelState): Permission {
  if (!canSeeChannel(c, c.membership)) return notFound('Channel not found.');
  switch (action) {
    case 'view':
      return 'ok';
    case 'read':
      return c.membership ? 'ok' : forbidden(NOT_A_MEMBER);
    case 'post':
      if (!c.membership) return forbidden(NOT_A_MEMBER);
      return c.type === 'group' || c.connected ? 'ok' : conflict(CHAT_MESSAGES.disconnected);
    case 'invite':
      return channelAbilities(c, c.membership, c.connected).invite ? 'ok' : forbidden('Only the owner of a private channel can invite members.');
    case 'leave':
      if (c.type !== 'group') return badRequest('You cannot leave a direct conversation.');
      return c.membership ? 'ok' : conflict('You are not a member of this channel.');
  }
}

/**
 * Whether the actor may open a new direct conversation with another member: never with themselves (400), and only
 * with a member they are connected with now (403). An existing conversation is reopened without asking.
 */
export function directConversationPermission(actor: Pick<Actor, 'id'>, other: { id: string; connected: boolean }): Permission {
  if (other.id === actor.id) return badRequest('You cannot start a conversation with yourself.');
  return other.connected ? 'ok' : forbidden(CHAT_MESSAGES.notConnected);
}

type MessageFacts = { senderId: string; isDeleted: boolean };

/** Whether the actor sees a message at all: only where its channel exists for them (404 otherwise). */
export const messageViewPermission = (channel: ChannelFacts, m: Membership): Permission => (canSeeChannel(channel, m) ? 'ok' : notFound('Message not found.'));

export function messageAbilities(actor: Pick<Actor, 'id' | 'role'>, msg: MessageFacts, m: Membership): ChatMessageAbilities {
  if (msg.isDeleted) return { edit: false, delete: false };
  const own = msg.senderId === actor.id && m !== null;
  return { edit: own, delete: own || m?.role === 'owner' || isAdmin(actor) };
}

/**
 * Whether the actor may edit or delete a message of a channel they see: editing a deleted message is a conflict
 * (409); anyone the abilities above leave out is refused (403). Deleting a deleted message again is answered by the
 * service as it stands, without asking.
 */
export function messagePermission(actor: Pick<Actor, 'id' | 'role'>, action: 'edit' | 'delete', msg: MessageFacts, m: Membership): Permission {
  if (action === 'edit' && msg.isDeleted) return conflict('This message was deleted.');
  const may = messageAbilities(actor, msg, m);
  if (action === 'edit') return may.edit ? 'ok' : forbidden('You can only edit your own messages.');
  return may.delete ? 'ok' : forbidden('You can only delete your own messages.');
}
