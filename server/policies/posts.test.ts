import { describe, expect, it } from 'vitest';
import { isModeration, postAbilities } from './posts.ts';
import type { Actor } from './roles.ts';

const actor = (id: string, role: string): Actor => ({ id, role, accountStatus: 'approved', isActive: true });
const post = { authorId: 'author' };

describe('post policy', () => {
  it('lets the author, an admin and the master-admin delete a post, and no other member; only the author edits it', () => {
    expect(postAbilities(actor('author', 'partner'), post)).toEqual({ delete: true, edit: true });
    expect(postAbilities(actor('admin', 'admin'), post)).toEqual({ delete: true, edit: false });
    expect(postAbilities(actor('master', 'master-admin'), post)).toEqual({ delete: true, edit: false });
    expect(postAbilities(actor('someone', 'partner'), post)).toEqual({ delete: false, edit: false });
    expect(postAbilities(actor('plus', 'cp-plus'), post)).toEqual({ delete: false, edit: false });
  });

  it('calls it moderation only when an administrator deletes someone else’s post', () => {
    expect(isModeration(actor('admin', 'admin'), post)).toBe(true);
    expect(isModeration(actor('author', 'admin'), post)).toBe(false);
    expect(isModeration(actor('author', 'partner'), post)).toBe(false);
  });
});
