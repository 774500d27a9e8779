import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '../../common/constants/chat.ts';
import { badRequest, conflict, forbidden, notFound } from './authorize.ts';
import {
  canSeeChannel,
  channelAbilities,
  channelPermission,
  directConversationPermission,
  messageAbilities,
  messagePermission,
  messageViewPermission,
  NOT_A_MEMBER,
} from './chat.ts';

const publicGroup = { type: 'group', isPrivate: false };
const privateGroup = { type: 'group', isPrivate: true };
const direct = { type: 'direct', isPrivate: true };
const owner = { role: 'owner' };
const member = { role: 'member' };

describe('chat channel policy', () => {
  it('shows public groups to every member, private groups and direct conversations to their members only', () => {
    expect(canSeeChannel(publicGroup, null)).toBe(true);
    expect(canSeeChannel(privateGroup, null)).toBe(false);
    expect(canSeeChannel(direct, null)).toBe(false);
    expect(canSeeChannel(privateGroup, member)).toBe(true);
    expect(canSeeChannel(direct, member)).toBe(true);
  });

  it('lets outsiders join only a public group, and only the owner of a private group invite', () => {
    expect(channelAbilities(publicGroup, null, false)).toEqual({ read: false, post: false, join: true, leave: false, invite: false });
    expect(channelAbilities(publicGroup, owner, false)).toEqual({ read: true, post: true, join: false, leave: true, invite: false });
    expect(channelAbilities(privateGroup, owner, false)).toEqual({ read: true, post: true, join: false, leave: true, invite: true });
    expect(channelAbilities(privateGroup, member, false).invite).toBe(false);
  });

  it('lets a direct conversation take messages only while its members are connected, and never be left', () => {
    expect(channelAbilities(direct, member, true)).toEqual({ read: true, post: true, join: false, leave: false, invite: false });
    expect(channelAbilities(direct, member, false)).toEqual({ read: true, post: false, join: false, leave: false, invite: false });
  });
});

describe('chat message policy', () => {
  const me = { id: 'me', role: 'partner' };
  const admin = { id: 'admin', role: 'admin' };
  const mine = { senderId: 'me', isDeleted: false };
  const theirs = { senderId: 'them', isDeleted: false };

  it('lets the author edit and delete, the owner and administrators delete, nothing once deleted', () => {
    expect(messageAbilities(me, mine, member)).toEqual({ edit: true, delete: true });
    expect(messageAbilities(me, theirs, member)).toEqual({ edit: false, delete: false });
    expect(messageAbilities(me, theirs, owner)).toEqual({ edit: false, delete: true });
    expect(messageAbilities(admin, theirs, null)).toEqual({ edit: false, delete: true });
    // an author who has left the channel no longer edits or deletes there
    expect(messageAbilities(me, mine, null)).toEqual({ edit: false, delete: false });
    expect(messageAbilities(me, { ...mine, isDeleted: true }, owner)).toEqual({ edit: false, delete: false });
  });

  it('answers edits and deletes with the messages members read: 409 for editing a deleted message, else 403', () => {
    expect(messagePermission(me, 'edit', mine, member)).toBe('ok');
    expect(messagePermission(me, 'edit', { ...mine, isDeleted: true }, member)).toEqual(conflict('This message was deleted.'));
    expect(messagePermission(me, 'edit', theirs, owner)).toEqual(forbidden('You can only edit your own messages.'));
    expect(messagePermission(me, 'delete', theirs, member)).toEqual(forbidden('You can only delete your own messages.'));
    expect(messagePermission(admin, 'delete', theirs, null)).toBe('ok');
  });
});

describe('chat channel permission', () => {
  const me = { id: 'me' };
  const state = (c: typeof publicGroup, membership: { role: string } | null, connected = false) => ({ ...c, membership, connected });
  const permitsLeave = (c: typeof publicGroup, m: { role: string }) => channelPermission(me, 'leave', state(c, m)) === 'ok';

  it('hides what the actor may not see (404), keeps reading and writing for members (403)', () => {
    expect(channelPermission(me, 'view', state(privateGroup, null))).toEqual(notFound('Channel not found.'));
    expect(channelPermission(me, 'post', state(direct, null))).toEqual(notFound('Channel not found.'));
    expect(channelPermission(me, 'view', state(publicGroup, null))).toBe('ok');
    expect(channelPermission(me, 'read', state(publicGroup, null))).toEqual(forbidden(NOT_A_MEMBER));
    expect(channelPermission(me, 'post', state(publicGroup, null))).toEqual(forbidden(NOT_A_MEMBER));
    expect(channelPermission(me, 'post', state(publicGroup, member))).toBe('ok');
  });

  it('takes messages in a direct conversation only while its members are connected (409 after)', () => {
    expect(channelPermission(me, 'post', state(direct, member, true))).toBe('ok');
    expect(channelPermission(me, 'post', state(direct, member, false))).toEqual(conflict(CHAT_MESSAGES.disconnected));
    expect(channelPermission(me, 'read', state(direct, member, false))).toBe('ok');
  });

  it('lets members leave a group (409 for a non-member of a public one) and nobody leave a direct conversation (400)', () => {
    const notIn = conflict('You are not a member of this channel.');
    const never = badRequest('You cannot leave a direct conversation.');
    for (const [c, m, answer] of [
      [publicGroup, member, 'ok'],
      [publicGroup, owner, 'ok'],
      [privateGroup, owner, 'ok'],
      [publicGroup, null, notIn],
      [privateGroup, null, notFound('Channel not found.')],
      [direct, member, never],
      [direct, null, notFound('Channel not found.')],
    ] as const)
      expect(channelPermission(me, 'leave', state(c, m))).toEqual(answer);
    for (const c of [publicGroup, privateGroup, direct]) for (const m of [owner, member]) expect(permitsLeave(c, m)).toBe(channelAbilities(c, m, true).leave);
  });

  it('opens a new direct conversation only with a connected member other than oneself', () => {
    expect(directConversationPermission(me, { id: 'them', connected: true })).toBe('ok');
    expect(directConversationPermission(me, { id: 'them', connected: false })).toEqual(forbidden(CHAT_MESSAGES.notConnected));
    expect(directConversationPermission(me, { id: 'me', connected: false })).toEqual(badRequest('You cannot start a conversation with yourself.'));
    expect(directConversationPermission(me, { id: 'me', connected: true })).toEqual(badRequest('You cannot start a conversation with yourself.'));
  });

  it('shows a message only where its channel exists for the actor', () => {
    const gone = notFound('Message not found.');
    expect(messageViewPermission(publicGroup, null)).toBe('ok');
    expect(messageViewPermission(privateGroup, null)).toEqual(gone);
    expect(messageViewPermission(direct, null)).toEqual(gone);
    expect(messageViewPermission(privateGroup, member)).toBe('ok');
    expect(messageViewPermission(direct, member)).toBe('ok');
  });

  it('lets only the owner of a private group invite', () => {
    expect(channelPermission(me, 'invite', state(privateGroup, owner))).toBe('ok');
    expect(channelPermission(me, 'invite', state(privateGroup, member))).toEqual(forbidden('Only the owner of a private channel can invite members.'));
    expect(channelPermission(me, 'invite', state(publicGroup, owner))).toEqual(forbidden('Only the owner of a private channel can invite members.'));
  });
});
