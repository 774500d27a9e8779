import { describe, expect, it } from 'vitest';
import { canSeeChannel, channelAbilities, messageAbilities } from './chat.ts';

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
});
