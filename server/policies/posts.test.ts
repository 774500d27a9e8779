import { describe, expect, it } from 'vitest';
import { conflict, notFound } from './authorize.ts';
import { isModeration, POST_MESSAGES as M, postAbilities, postPermission, seesContent, type PostAction } from './posts.ts';
import type { Actor } from './roles.ts';

const actor = (id: string, role: string): Actor => ({ id, role, accountStatus: 'approved', isActive: true });
const post = { authorId: 'author' };

describe('post policy', () => {
  it('lets the author, an admin and the master-admin delete a post, and no other member; only the author edits it', () => {
    expect(postAbilities(actor('author', 'partner'), post)).toEqual({ delete: true, edit: true, pin: false, report: false });
    expect(postAbilities(actor('admin', 'admin'), post)).toEqual({ delete: true, edit: false, pin: true, report: true });
    expect(postAbilities(actor('master', 'master-admin'), post)).toEqual({ delete: true, edit: false, pin: true, report: true });
    expect(postAbilities(actor('someone', 'partner'), post)).toEqual({ delete: false, edit: false, pin: false, report: true });
    expect(postAbilities(actor('plus', 'cp-plus'), post)).toEqual({ delete: false, edit: false, pin: false, report: true });
  });

  it('lets nobody report a hidden post, and shows it only to its author and the administrators', () => {
    const hidden = { authorId: 'author', hiddenAt: new Date('2026-01-01T00:00:00Z') };
    expect(postAbilities(actor('someone', 'partner'), hidden).report).toBe(false);
    expect(seesContent(actor('someone', 'partner'), hidden)).toBe(false);
    expect(seesContent(actor('author', 'partner'), hidden)).toBe(true);
    expect(seesContent(actor('admin', 'admin'), hidden)).toBe(true);
    expect(seesContent(actor('someone', 'partner'), { authorId: 'author', hiddenAt: null })).toBe(true);
  });

  const hiddenAt = new Date('2026-01-01T00:00:00Z');
  const shown = { authorId: 'author', hiddenAt: null };
  const hidden = { authorId: 'author', hiddenAt };
  it.each([
    ['the author', actor('author', 'partner'), shown, { view: 'ok', report: conflict(M.reportOwn), react: 'ok' }],
    ['another member', actor('someone', 'partner'), shown, { view: 'ok', report: 'ok', react: 'ok' }],
    ['an admin', actor('admin', 'admin'), shown, { view: 'ok', report: 'ok', react: 'ok' }],
    ['the author, once hidden', actor('author', 'partner'), hidden, { view: 'ok', report: conflict(M.reportOwn), react: conflict(M.hiddenNoReactions) }],
    ['another member, once hidden', actor('someone', 'partner'), hidden, { view: notFound(M.notFound), report: notFound(M.notFound), react: notFound(M.notFound) }],
    ['an admin, once hidden', actor('admin', 'admin'), hidden, { view: 'ok', report: conflict(M.reportHidden), react: conflict(M.hiddenNoReactions) }],
    ['the master-admin, once hidden', actor('master', 'master-admin'), hidden, { view: 'ok', report: conflict(M.reportHidden), react: conflict(M.hiddenNoReactions) }],
  ])('answers %s viewing, reporting and reacting', (_who, who, p, expected) => {
    for (const [action, answer] of Object.entries(expected)) expect(postPermission(who, action as PostAction, p), action).toEqual(answer);
    expect(postAbilities(who, p).report).toBe(expected.report === 'ok');
  });

  it('calls it moderation only when an administrator deletes someone else’s post', () => {
    expect(isModeration(actor('admin', 'admin'), post)).toBe(true);
    expect(isModeration(actor('author', 'admin'), post)).toBe(false);
    expect(isModeration(actor('author', 'partner'), post)).toBe(false);
  });
});
