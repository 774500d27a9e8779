import { describe, expect, it } from 'vitest';
import { commentAbilities, isCommentModeration, type CommentFacts } from './comments.ts';
import type { Actor } from './roles.ts';

const actor = (id: string, role: string): Actor => ({ id, role, accountStatus: 'approved', isActive: true });
const topLevel: CommentFacts = { authorId: 'author', parentId: null, deletedAt: null };
const reply: CommentFacts = { authorId: 'author', parentId: 'parent', deletedAt: null };
const deleted: CommentFacts = { authorId: 'author', parentId: null, deletedAt: new Date('2026-01-01T00:00:00Z') };
const hidden: CommentFacts = { authorId: 'author', parentId: null, deletedAt: null, hiddenAt: new Date('2026-01-01T00:00:00Z') };

describe('comment policy', () => {
  it.each([
    ['the author', actor('author', 'partner'), topLevel, { edit: true, delete: true, reply: true, react: true, report: false }],
    ['another member', actor('someone', 'partner'), topLevel, { edit: false, delete: false, reply: true, react: true, report: true }],
    ['a CP+ member', actor('plus', 'cp-plus'), topLevel, { edit: false, delete: false, reply: true, react: true, report: true }],
    ['an admin', actor('admin', 'admin'), topLevel, { edit: false, delete: true, reply: true, react: true, report: true }],
    ['the master-admin', actor('master', 'master-admin'), topLevel, { edit: false, delete: true, reply: true, react: true, report: true }],
    ['the author, on a reply', actor('author', 'partner'), reply, { edit: true, delete: true, reply: false, react: true, report: false }],
    ['another member, on a reply', actor('someone', 'partner'), reply, { edit: false, delete: false, reply: false, react: true, report: true }],
    ['the author, once deleted', actor('author', 'partner'), deleted, { edit: false, delete: false, reply: false, react: false, report: false }],
    ['an admin, once deleted', actor('admin', 'admin'), deleted, { edit: false, delete: false, reply: false, react: false, report: false }],
    ['the author, once hidden', actor('author', 'partner'), hidden, { edit: true, delete: true, reply: false, react: false, report: false }],
    ['another member, once hidden', actor('someone', 'partner'), hidden, { edit: false, delete: false, reply: false, react: false, report: false }],
    ['an admin, once hidden', actor('admin', 'admin'), hidden, { edit: false, delete: true, reply: false, react: false, report: false }],
  ])('gives %s what they may do', (_who, who, comment, expected) => {
    expect(commentAbilities(who, comment)).toEqual(expected);
  });

  it('calls it moderation only when an administrator deletes someone else’s comment', () => {
    expect(isCommentModeration(actor('admin', 'admin'), topLevel)).toBe(true);
    expect(isCommentModeration(actor('master', 'master-admin'), topLevel)).toBe(true);
    expect(isCommentModeration(actor('author', 'admin'), topLevel)).toBe(false);
    expect(isCommentModeration(actor('author', 'partner'), topLevel)).toBe(false);
    expect(isCommentModeration(actor('someone', 'partner'), topLevel)).toBe(false);
  });
});
