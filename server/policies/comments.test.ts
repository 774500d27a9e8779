import { describe, expect, it } from 'vitest';
import { badRequest, conflict, forbidden, notFound } from './authorize.ts';
import { COMMENT_MESSAGES as M, commentAbilities, commentPermission, isCommentModeration, replyPermission, type CommentAction, type CommentFacts } from './comments.ts';
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

  const gone = notFound(M.notFound);
  const editOwn = forbidden(M.editOwn);
  const deleteOwn = forbidden(M.deleteOwn);
  const hiddenNoReactions = conflict(M.hiddenNoReactions);
  const hiddenPost = { authorId: 'poster', hiddenAt: new Date('2026-01-01T00:00:00Z') };
  it.each([
    ['the author', actor('author', 'partner'), topLevel, undefined, { view: 'ok', edit: 'ok', delete: 'ok', react: 'ok', report: conflict(M.reportOwn) }],
    ['another member', actor('someone', 'partner'), topLevel, undefined, { view: 'ok', edit: editOwn, delete: deleteOwn, react: 'ok', report: 'ok' }],
    ['an admin', actor('admin', 'admin'), topLevel, undefined, { view: 'ok', edit: editOwn, delete: 'ok', react: 'ok', report: 'ok' }],
    ['the author, once deleted', actor('author', 'partner'), deleted, undefined, { view: gone, edit: gone, delete: gone, react: gone, report: gone }],
    ['an admin, once deleted', actor('admin', 'admin'), deleted, undefined, { view: gone, edit: gone, delete: gone, react: gone, report: gone }],
    [
      'the author, once hidden',
      actor('author', 'partner'),
      hidden,
      undefined,
      { view: 'ok', edit: 'ok', delete: 'ok', react: hiddenNoReactions, report: conflict(M.reportOwn) },
    ],
    ['another member, once hidden', actor('someone', 'partner'), hidden, undefined, { view: gone, edit: gone, delete: gone, react: gone, report: gone }],
    [
      'an admin, once hidden',
      actor('admin', 'admin'),
      hidden,
      undefined,
      { view: 'ok', edit: editOwn, delete: 'ok', react: hiddenNoReactions, report: conflict(M.reportHidden) },
    ],
    ['another member, on a hidden post', actor('someone', 'partner'), topLevel, hiddenPost, { view: gone, edit: gone, delete: gone, react: gone, report: gone }],
    [
      'the post’s author, on their hidden post',
      actor('poster', 'partner'),
      topLevel,
      hiddenPost,
      { view: 'ok', edit: editOwn, delete: deleteOwn, react: hiddenNoReactions, report: 'ok' },
    ],
    ['an admin, on a hidden post', actor('admin', 'admin'), topLevel, hiddenPost, { view: 'ok', edit: editOwn, delete: 'ok', react: hiddenNoReactions, report: 'ok' }],
  ])('answers %s each act', (_who, who, comment, post, expected) => {
    for (const [action, answer] of Object.entries(expected)) expect(commentPermission(who, action as CommentAction, comment, post), action).toEqual(answer);
  });

  it('takes a reply only to a top-level comment that is neither deleted nor hidden (400 otherwise, or when there is none)', () => {
    const refused = badRequest(M.replyOnlyTopLevel);
    const someone = actor('someone', 'partner');
    expect(replyPermission(someone, topLevel)).toBe('ok');
    expect(replyPermission(actor('admin', 'admin'), topLevel)).toBe('ok');
    for (const parent of [reply, deleted, hidden, undefined]) expect(replyPermission(someone, parent)).toEqual(refused);
    expect(replyPermission(actor('author', 'partner'), hidden)).toEqual(refused);
  });

  it('calls it moderation only when an administrator deletes someone else’s comment', () => {
    expect(isCommentModeration(actor('admin', 'admin'), topLevel)).toBe(true);
    expect(isCommentModeration(actor('master', 'master-admin'), topLevel)).toBe(true);
    expect(isCommentModeration(actor('author', 'admin'), topLevel)).toBe(false);
    expect(isCommentModeration(actor('author', 'partner'), topLevel)).toBe(false);
    expect(isCommentModeration(actor('someone', 'partner'), topLevel)).toBe(false);
  });
});
