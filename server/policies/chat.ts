import type { ChatChannelAbilities, ChatMessageAbilities } from '../../common/schemas/chat.ts';
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

/** Whether the channel exists for the actor at all: public groups for every member, the rest for their members. */
export const canSeeChannel = (c: ChannelFacts, m: Membership) => m !== null || (c.type === 'group' && !c.isPrivate);

/** `connected`: for a direct conversation, whether its two members are connected now (ignored for groups). */
export function channelAbilities(c: ChannelFacts, m: Membership, connected: boolean): ChatChannelAbilities {
  const member = m !== null;
  const group = c.type === 'group';
  return {
    read: member,
    post: member && (group || connected),
    join: !member && group && !c.isPrivate,
    leave: member && group,
    invite: member && group && c.isPrivate && m.role === 'owner',
  };
}

type MessageFacts = { senderId: string; isDeleted: boolean };

export function messageAbilities(actor: Pick<Actor, 'id' | 'role'>, msg: MessageFacts, m: Membership): ChatMessageAbilities {
  if (msg.isDeleted) return { edit: false, delete: false };
  const own = msg.senderId === actor.id && m !== null;
  return { edit: own, delete: own || m?.role === 'owner' || isAdmin(actor) };
}
